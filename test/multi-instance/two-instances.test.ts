import path from "node:path"
import { Client } from "pg"
import { prepareDatabase, type DemoDatabase } from "../../demo/database"
import {
  linkPlugin,
  migrateStore,
  seedDemoStore,
  startMedusa,
  type DemoSeed,
  type RunningStore,
  type StoreSettings,
} from "../../demo/medusa-store"
import { freePort } from "../../demo/ports"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { SandboxControl } from "../support/sandbox-control"
import { consumerChooses, ukAddress } from "../support/shopper"
import { flushRedisDatabase, redisKeys } from "./redis"

/**
 * Several server instances (docs/operations.md, "Several server instances"): two `medusa
 * start` processes on one PostgreSQL database and one Redis database, with Medusa's Redis
 * cache, event bus, workflow engine and locking, and the plugin on OAuth. Proves that the
 * instances share one access token, that a cart completed on both at once gives one order,
 * and that the configuration job runs once per tick between them.
 *
 * Needs PostgreSQL on localhost:5432 (user postgres, trust) and Redis; the Redis database is
 * BNPL_MULTI_INSTANCE_REDIS_URL (default redis://127.0.0.1:6379/13), flushed at start.
 */

// Migrations take ~15 s, the seed ~5 s, each Medusa ~5 s, the job check ~22 s: about a minute.
jest.setTimeout(300_000)

const STORE_DIR = path.join(__dirname, "store")
const LOG_DIR = path.resolve(__dirname, "../../test-output/multi-instance")
const REDIS_URL = process.env.BNPL_MULTI_INSTANCE_REDIS_URL || "redis://127.0.0.1:6379/13"
const DATABASE_URL = process.env.BNPL_MULTI_INSTANCE_DATABASE_URL || "postgres://postgres@localhost:5432/medusa_bnpl_multi_instance"
// The configuration job every 5 s (BullMQ, behind workflow-engine-redis, takes cron with seconds).
const TICK_MS = 5_000
const SCHEDULE = "*/5 * * * * *"

let sandbox: Sandbox | undefined
let database: DemoDatabase | undefined
let control: SandboxControl
let seed: DemoSeed
const instances: Array<{ name: string; url: string; store: RunningStore }> = []

// A store's settings; port 0 here, a free port is taken when the instance starts.
function storeSettings(name: string, port = 0): StoreSettings {
  return {
    port,
    databaseUrl: database!.url,
    bnplBaseUrl: sandbox!.url,
    storeUrl: `http://127.0.0.1:${port}`,
    storefrontUrl: "http://storefront.test",
    logDir: path.join(LOG_DIR, name),
    storeDir: STORE_DIR,
    env: { REDIS_URL, BNPL_CONFIGURATION_SCHEDULE: SCHEDULE },
  }
}

beforeAll(async () => {
  linkPlugin(STORE_DIR)
  await flushRedisDatabase(REDIS_URL)
  sandbox = await startSandbox({ port: 0 })
  control = new SandboxControl(sandbox.url)
  database = await prepareDatabase({ url: DATABASE_URL, fresh: true })
  await migrateStore(storeSettings("a"))
  seed = await seedDemoStore(storeSettings("a"))

  // A cold start: nothing the migration or the seed left in Redis, nothing in the ledger.
  await flushRedisDatabase(REDIS_URL)
  await control.reset()
  await startInstance("a")
})

async function startInstance(name: string): Promise<void> {
  if (instances.some((instance) => instance.name === name)) return
  const settings = storeSettings(name, await freePort())
  instances.push({ name, url: settings.storeUrl, store: await startMedusa(settings) })
}

/** Instance b starts after a has served a checkout, as in a rolling deployment. */
async function bothInstances() {
  await startInstance("a")
  await startInstance("b")
  return instances
}

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.store.stop()))
  await database?.close()
  await sandbox?.close()
  await flushRedisDatabase(REDIS_URL).catch(() => {})
})

const storeHeaders = () => ({ "content-type": "application/json", "x-publishable-api-key": seed.publishableKey })

async function storeCall(baseUrl: string, method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: storeHeaders(),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${method} ${route} on ${baseUrl} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** Cart, delivery and a Pay later session on one instance; the consumer confirms on the sandbox's page. */
async function confirmedCheckout(baseUrl: string, email: string): Promise<{ cartId: string; token: string; returnPath: string }> {
  const { cart } = await storeCall(baseUrl, "POST", "/store/carts", {
    region_id: seed.regions.uk,
    email,
    items: [{ variant_id: seed.variants.tote, quantity: 1 }],
    shipping_address: ukAddress,
    billing_address: ukAddress,
  })
  await storeCall(baseUrl, "POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shippingOptions.standard })
  const { payment_collection: collection } = await storeCall(baseUrl, "POST", "/store/payment-collections", { cart_id: cart.id })
  const { payment_collection: withSession } = await storeCall(
    baseUrl,
    "POST",
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: "pp_bnpl_bnpl" }
  )
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  // The service sends the consumer to the return route of the instance that created the checkout.
  expect(back.origin).toBe(new URL(baseUrl).origin)
  return { cartId: cart.id, token: session.data.token, returnPath: `${back.pathname}${back.search}` }
}

/** GET /bnpl/return on an instance, as the consumer's browser would: the redirect's target. */
async function hitReturn(baseUrl: string, returnPath: string): Promise<string> {
  const response = await fetch(`${baseUrl}${returnPath}`, { redirect: "manual" })
  expect(response.status).toBe(303)
  return response.headers.get("location") ?? ""
}

async function sql<T extends Record<string, any>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database!.url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

const orderIdIn = (location: string) => /\/order\/([^/?#]+)/.exec(location)?.[1]

it("(a) two instances ask the token service once between them, from a cold cache", async () => {
  // The first checkout on a cold cache fetches the token on instance a (its configuration job
  // may get there first: same process, same single token request) and shares it through Redis.
  const first = await confirmedCheckout(instances[0].url, "token-first@example.com")
  const placedFirst = { instance: "a", location: await hitReturn(instances[0].url, first.returnPath) }
  // Instance b starts only now (two instances that meet an empty cache at the same instant may
  // each fetch a token: docs/operations.md), then two shoppers on each instance at once.
  const journeys = (await bothInstances()).flatMap((instance) =>
    [1, 2].map(async (n) => {
      const checkout = await confirmedCheckout(instance.url, `token-${instance.name}-${n}@example.com`)
      return { instance: instance.name, location: await hitReturn(instance.url, checkout.returnPath) }
    })
  )
  const placed = [placedFirst, ...(await Promise.all(journeys))]
  expect(placed.filter((journey) => !orderIdIn(journey.location))).toEqual([])

  const ledger = await control.ledger()
  expect(ledger.auths.filter((auth) => auth.status === "APPROVED")).toHaveLength(5)
  // Both instances, the configuration job's runs (on either), five checkouts and five
  // authorisations: one token, fetched on instance a and read from Redis by b.
  expect(ledger.tokenRequests).toBe(1)
  expect(await redisKeys(REDIS_URL, "*medusa-payment-bnpl:oauth-token:*")).toHaveLength(1)
})

it("(b) one confirmed cart completed on both instances at once gives one order and one authorisation", async () => {
  const [a, b] = await bothInstances()
  const checkout = await confirmedCheckout(a.url, "race@example.com")
  const [{ count: ordersBefore }] = await sql<{ count: string }>(`SELECT count(*) FROM "order"`)

  // Four return-route hits and two POST /store/carts/:id/complete on each instance, all at once.
  const returns = [a, b, a, b, a, b, a, b].map((instance) => hitReturn(instance.url, checkout.returnPath))
  const completions = [a, b, a, b].map(async (instance) => {
    const response = await fetch(`${instance.url}/store/carts/${checkout.cartId}/complete`, {
      method: "POST",
      headers: storeHeaders(),
      body: "{}",
    })
    return { status: response.status, body: (await response.json()) as any }
  })
  const [locations, completed] = await Promise.all([Promise.all(returns), Promise.all(completions)])

  const orderIds = new Set(locations.map(orderIdIn))
  expect(orderIds.size).toBe(1)
  const [orderId] = orderIds
  expect(orderId).toMatch(/^order_/)
  // A completion returns that order (or, at worst, is refused while the other runs): never another one.
  for (const { status, body } of completed) {
    expect(status).toBeLessThan(500)
    if (body.type === "order") expect(body.order.id).toBe(orderId)
  }

  const links = await sql<{ order_id: string }>(
    `SELECT order_id FROM order_cart WHERE cart_id = $1 AND deleted_at IS NULL`,
    [checkout.cartId]
  )
  expect(links.map((link) => link.order_id)).toEqual([orderId])
  const [{ count: ordersAfter }] = await sql<{ count: string }>(`SELECT count(*) FROM "order"`)
  expect(Number(ordersAfter) - Number(ordersBefore)).toBe(1)

  const ledger = await control.ledger()
  const auths = ledger.auths.filter((auth) => auth.token === checkout.token)
  expect(auths.map((auth) => auth.status)).toEqual(["APPROVED"])
  expect(ledger.payments.filter((payment) => payment.merchantReference === checkout.cartId)).toHaveLength(1)
})

it("(c) the configuration job runs once per tick across both instances", async () => {
  await bothInstances()
  // Read the ledger halfway between ticks (the cron fires on multiples of 5 s of the clock),
  // so each reading falls between two runs: consecutive readings must differ by one run.
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const untilMidTick = () => TICK_MS - ((Date.now() + TICK_MS / 2) % TICK_MS)
  const readings: number[] = []
  for (let i = 0; i < 5; i++) {
    await sleep(untilMidTick())
    readings.push((await control.ledger()).requests.configuration)
    await sleep(100)
  }
  const increments = readings.slice(1).map((count, i) => count - readings[i])
  expect({ readings, increments }).toEqual({ readings, increments: [1, 1, 1, 1] })
})
