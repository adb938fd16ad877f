import { createHmac } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { connect } from "node:net"
import { networkInterfaces } from "node:os"
import path from "node:path"
import { freePort } from "../../harness/ports"
import { startDemo, type DemoStack } from "../../demo/stack"
import { consumerChooses, ukAddress } from "../../harness/shopper"
import { startingDemoStore } from "./dashboard-turn"

/**
 * The demo stack as `npm run demo -- --storefront-url … --storefront-order-path …
 * --storefront-checkout-path …` starts it for an outside storefront laid out like Medusa's
 * Next.js starter (pages under /{countryCode}/), on a port of its own:
 * - tried as someone on the same café network would (demo/README.md, "Safe on a shared
 *   network"): Medusa listens on loopback only, the admin password and Medusa's JWT secret
 *   are new on every run, so the published password and a token signed with the constant
 *   secret the demo once had are refused;
 * - the store CORS lets that storefront's origin in (and no other), and the return route
 *   sends the shopper to its order and checkout pages.
 */

// Medusa boots in about 20 s; migrations on a fresh database take about as long again; the start
// may first wait for the admin test's turn with the dashboard to end (dashboard-turn.ts).
jest.setTimeout(300_000)

// The secret demo/store/medusa-config.js used to fall back to, published in this repository.
const OLD_CONSTANT_JWT_SECRET = "demo-only-jwt-secret"
const OLD_PUBLISHED_PASSWORD = "demo-password"

// The paths of Medusa's Next.js starter (and dtc-starter's apps/storefront) for the UK.
const ORDER_PATH = "/gb/order/{order_id}/confirmed"
const CHECKOUT_PATH = "/gb/checkout?step=payment"

let stack: DemoStack
// A stand-in for the starter: answers every page, and remembers which pages were asked for.
let storefront: Server
let storefrontUrl: string
const pagesServed: string[] = []

beforeAll(async () => {
  storefront = createServer((request, response) => {
    pagesServed.push(request.url ?? "")
    response.writeHead(200, { "content-type": "text/html" }).end("<h1>starter page</h1>")
  })
  const port = await freePort()
  await new Promise<void>((resolve) => storefront.listen(port, "127.0.0.1", resolve))
  storefrontUrl = `http://127.0.0.1:${port}`
  stack = await startingDemoStore(() =>
    startDemo({
      sandboxPort: 0,
      storePort: 0,
      freshDatabase: true,
      storefrontUrl,
      storefrontOrderPath: ORDER_PATH,
      storefrontCheckoutPath: CHECKOUT_PATH,
      logDir: path.resolve(__dirname, "../../test-output/e2e-demo-stack"),
    }),
  )
})

afterAll(async () => {
  await stack?.close()
  await new Promise((resolve) => storefront?.close(resolve))
})

/** Local addresses of the sockets listening on `port`, from the kernel's tables (Linux). */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = []
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = ""
    try {
      text = readFileSync(table, "utf8")
    } catch {
      continue
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      const [hexAddress, hexPort] = local.split(":")
      // 0A is TCP_LISTEN.
      if (state === "0A" && parseInt(hexPort, 16) === port) addresses.push(decodeAddress(hexAddress))
    }
  }
  return addresses
}

// /proc/net/tcp writes addresses as 32-bit words in host (little-endian) byte order.
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(""))
  if (words.length === 1)
    return words[0]
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join(".")
  const full = words.join("")
  if (full.startsWith("00000000000000000000ffff")) {
    return `::ffff:${full
      .slice(24)
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join(".")}`
  }
  return full.match(/.{4}/g)!.join(":")
}

const isLoopback = (address: string) =>
  address.startsWith("127.") || address.startsWith("::ffff:127.") || address === "0000:0000:0000:0000:0000:0000:0000:0001"

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 })
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url")

/** An HS256 JWT over `payload`, as jsonwebtoken (Medusa's signer) makes one. */
function signJwt(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64url(JSON.stringify(payload))}`
  return `${head}.${createHmac("sha256", secret).update(head).digest("base64url")}`
}

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${stack.urls.store}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
}

const me = (token: string) => fetch(`${stack.urls.store}/admin/users/me`, { headers: { authorization: `Bearer ${token}` } })

it("Medusa listens on 127.0.0.1 only", async () => {
  const addresses = listeningAddresses(stack.storeListen.port)
  expect(addresses.length).toBeGreaterThan(0)
  expect(addresses.filter((address) => !isLoopback(address))).toEqual([])

  // Seen from the network: the machine's other addresses refuse the connection.
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === "IPv4")
    .map((entry) => entry!.address)
  for (const address of external) expect(await accepts(address, stack.storeListen.port)).toBe(false)
  expect(await accepts("127.0.0.1", stack.storeListen.port)).toBe(true)
})

it("the admin signs in with this run's password only; a token signed with the old constant secret gets 401", async () => {
  const { email, password } = stack.seed.admin
  expect(password).not.toBe(OLD_PUBLISHED_PASSWORD)
  expect(password.length).toBeGreaterThanOrEqual(20)
  expect((await signIn(email, OLD_PUBLISHED_PASSWORD)).status).toBe(401)

  const signedIn = await signIn(email, password)
  expect(signedIn.status).toBe(200)
  const { token } = (await signedIn.json()) as { token: string }
  expect((await me(token)).status).toBe(200)

  // The same claims as the real token (the real admin's ids), signed with the constant.
  const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
  const forged = signJwt(claims, OLD_CONSTANT_JWT_SECRET)
  expect(forged).not.toBe(token)
  expect((await me(forged)).status).toBe(401)
})

const storeHeaders = () => ({
  "content-type": "application/json",
  "x-publishable-api-key": stack.seed.publishableKey,
  origin: storefrontUrl,
})

async function storeCall(method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(`${stack.urls.store}${route}`, {
    method,
    headers: storeHeaders(),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(json)}`)
  return json
}

/** A cart paid later: the consumer chooses on the sandbox's page and comes back to the return route. */
async function payLater(choice: "confirm" | "cancel"): Promise<{ cartId: string; location: URL }> {
  const { cart } = await storeCall("POST", "/store/carts", {
    region_id: stack.seed.regions.uk,
    email: `starter-${choice}@example.com`,
    items: [{ variant_id: stack.seed.variants.tote, quantity: 1 }],
    shipping_address: ukAddress,
    billing_address: ukAddress,
  })
  await storeCall("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: stack.seed.shippingOptions.standard })
  const { payment_collection: collection } = await storeCall("POST", "/store/payment-collections", { cart_id: cart.id })
  const { payment_collection: withSession } = await storeCall("POST", `/store/payment-collections/${collection.id}/payment-sessions`, {
    provider_id: "pp_bnpl_bnpl",
  })
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  const back = await consumerChooses(session.data.redirectCheckoutUrl, choice)
  const returned = await fetch(back, { redirect: "manual" })
  expect(returned.status).toBe(303)
  return { cartId: cart.id, location: new URL(returned.headers.get("location")!) }
}

it("the store CORS lets the outside storefront's origin in, and no other", async () => {
  expect(stack.storefront).toBe("outside")
  expect(stack.urls.storefront).toBe(storefrontUrl)
  const preflight = (origin: string) =>
    fetch(`${stack.urls.store}/store/carts`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-publishable-api-key" },
    })
  expect((await preflight(storefrontUrl)).headers.get("access-control-allow-origin")).toBe(storefrontUrl)
  expect((await preflight("http://evil.example")).headers.get("access-control-allow-origin")).toBeNull()
})

it("the return route sends the shopper to the outside storefront's order page, and back to its checkout on cancel", async () => {
  const confirmed = await payLater("confirm")
  expect(confirmed.location.origin).toBe(storefrontUrl)
  const orderId = /^\/gb\/order\/(order_[A-Z0-9]+)\/confirmed$/.exec(confirmed.location.pathname)?.[1]
  expect(orderId).toBeDefined()
  expect((await fetch(confirmed.location)).status).toBe(200)

  const canceled = await payLater("cancel")
  expect(`${canceled.location.origin}${canceled.location.pathname}`).toBe(`${storefrontUrl}/gb/checkout`)
  expect(canceled.location.searchParams.get("step")).toBe("payment")
  expect(canceled.location.searchParams.get("bnpl_error")).toBeTruthy()
  expect((await fetch(canceled.location)).status).toBe(200)

  expect(pagesServed).toEqual([`/gb/order/${orderId}/confirmed`, `${canceled.location.pathname}${canceled.location.search}`])
})
