import { randomBytes } from "node:crypto"
import path from "node:path"
import { Client } from "pg"
import { DEFAULT_DATABASE_URL } from "../../harness/database"
import { adminHeaders, runScriptedPurchase, type PurchaseResult } from "../../demo/script/purchase"
import { callJson } from "../../harness/http"
import { startDemo, type DemoStack } from "../../demo/stack"
import type { PaymentView } from "../../src/runtime/views/payment-view"
import { consumerChooses, ukAddress } from "../../harness/shopper"
import { startingDemoStore } from "./dashboard-turn"

/**
 * `npm run demo` twice on one database (the demo keeps its database between runs): the
 * second run's orders never get the first run's service order ids, and order #1's Pay later
 * box still shows order #1's service payment. Before the sandbox's state was kept with the
 * database, both runs' first orders were service order 100000000001, and order #1's box
 * showed order #2's authorisation beside its own capture.
 */

// Two start-ups of Medusa (about 20 s each) and one set of migrations.
jest.setTimeout(600_000)

const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL)
  url.pathname = `/medusa_bnpl_demo_rerun_${randomBytes(4).toString("hex")}`
  return url.toString()
})()
const logDir = path.resolve(__dirname, "../../test-output/e2e-demo-rerun")
let stack: DemoStack | undefined

afterAll(async () => {
  await stack?.close()
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1)
  url.pathname = "/postgres"
  const client = new Client({ connectionString: url.toString() })
  await client.connect()
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await client.end()
})

const run = (name: string) =>
  startingDemoStore(() => startDemo({ sandboxPort: 0, storePort: 0, storefrontPort: 0, databaseUrl, logDir: path.join(logDir, name) }))

/** A pay later order left authorised: checkout, Confirm on the sandbox's page, the return route. */
async function authorisedOrder(demo: DemoStack): Promise<{ orderId: string; serviceOrderId: string }> {
  const store = { "x-publishable-api-key": demo.seed.publishableKey }
  const { cart } = await callJson("POST", `${demo.urls.store}/store/carts`, {
    headers: store,
    body: {
      region_id: demo.seed.regions.uk,
      email: "second-run@example.com",
      items: [{ variant_id: demo.seed.variants.tote, quantity: 1 }],
      shipping_address: ukAddress,
      billing_address: ukAddress,
    },
  })
  await callJson("POST", `${demo.urls.store}/store/carts/${cart.id}/shipping-methods`, {
    headers: store,
    body: { option_id: demo.seed.shippingOptions.standard },
  })
  const { payment_collection: collection } = await callJson("POST", `${demo.urls.store}/store/payment-collections`, {
    headers: store,
    body: { cart_id: cart.id },
  })
  const { payment_collection: withSession } = await callJson(
    "POST",
    `${demo.urls.store}/store/payment-collections/${collection.id}/payment-sessions`,
    {
      headers: store,
      body: { provider_id: "pp_bnpl_bnpl" },
    },
  )
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  const returned = await fetch(back, { redirect: "manual" })
  const orderId = /\/order\/(order_[A-Z0-9]+)\//.exec(returned.headers.get("location") ?? "")?.[1]
  if (!orderId) throw new Error(`the return route did not place the order: ${returned.status} ${returned.headers.get("location")}`)
  const admin = await adminHeaders(demo.urls.store, demo.seed.admin)
  const { payments } = await callJson<{ payments: PaymentView[] }>("GET", `${demo.urls.store}/admin/bnpl/orders/${orderId}/payments`, {
    headers: admin,
  })
  return { orderId, serviceOrderId: payments[0].serviceOrderId! }
}

it("a second run on the same database gives new orders new service ids, and order #1's box shows order #1's payment", async () => {
  stack = await run("first")
  const first: PurchaseResult = await runScriptedPurchase(stack, () => {})
  await stack.close()
  stack = undefined

  stack = await run("second")
  const second = await authorisedOrder(stack)
  expect(second.serviceOrderId).not.toBe(first.serviceOrderId)

  // Order #1's Pay later box, read from the service again ("Refresh from the service").
  const admin = await adminHeaders(stack.urls.store, stack.seed.admin)
  const { payment } = await callJson<{ payment: PaymentView }>(
    "POST",
    `${stack.urls.store}/admin/bnpl/payments/${first.paymentId}/refresh`,
    { headers: admin },
  )
  expect(payment.serviceOrderId).toBe(first.serviceOrderId)
  expect(payment.service && "error" in payment.service ? payment.service.error : undefined).toBeUndefined()
  expect(payment.state).toBe("captured")
  expect(payment.stateSource).toBe("service")
  expect(payment.amounts).toMatchObject({ captured: first.total.toFixed(2), refunded: "10.00", openToCapture: "0.00" })
  expect(payment.differences).toEqual([])
})
