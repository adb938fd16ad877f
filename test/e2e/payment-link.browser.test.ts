import path from "node:path"
import axios from "axios"
import type { Browser, Page } from "playwright-core"
import { adminHeaders } from "../../demo/script/purchase"
import { startDemo, type DemoStack } from "../../demo/stack"
import { editOrderAddingItem, placeCapturedSystemOrder } from "../support/order-edit"
import { launchChromium, screenshot } from "./browser"
import { startingDemoStore } from "./dashboard-turn"

// Medusa boots in about 20 s; migrations on a fresh database take about as long again.
jest.setTimeout(300_000)

let stack: DemoStack
let browser: Browser
let page: Page

beforeAll(async () => {
  const [demo, chromium] = await Promise.allSettled([
    startingDemoStore(() =>
      startDemo({ sandboxPort: 0, storePort: 0, storefrontPort: 0, freshDatabase: true, logDir: path.resolve(__dirname, "../../test-output/e2e-payment-link") })
    ),
    launchChromium(),
  ])
  if (demo.status === "fulfilled") stack = demo.value
  if (chromium.status === "fulfilled") browser = chromium.value
  if (demo.status === "rejected") throw demo.reason
  if (chromium.status === "rejected") throw chromium.reason
  page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage()
})

afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

/**
 * Issue 44, item 2: the page behind Medusa's payment link on the demo storefront. An order paid
 * and captured, then edited by the admin to add a tote: the shopper opens the link the admin
 * copies (`{storefront}/payment-collection/{id}?order_id=`), sees what is owed, pays later on
 * the sandbox's screens, and lands on the order page; the admin reads the collection authorized.
 */
it("the shopper pays an order edit's difference later from the admin's payment link on the demo storefront", async () => {
  const api = axios.create({ baseURL: stack.urls.store })
  const admin = { headers: await adminHeaders(stack.urls.store, stack.seed.admin) }
  const { orderId } = await placeCapturedSystemOrder(api, stack.seed, admin)
  await editOrderAddingItem(api, admin, orderId, stack.seed.variants.tote)
  const collections = async () =>
    (await api.get(`/admin/orders/${orderId}?fields=id,*payment_collections,*payment_collections.payments`, admin)).data.order.payment_collections as Array<Record<string, any>>
  const owed = (await collections()).find((collection) => collection.status === "not_paid")!
  expect(owed).toBeDefined()

  // The link Medusa's admin copies ("Copy payment link"): its base is admin.storefrontUrl.
  await page.goto(`${stack.urls.storefront}/payment-collection/${owed.id}?order_id=${orderId}`)
  await page.locator("#amount-owed").waitFor()
  expect(await page.locator("#amount-owed").textContent()).toBe(`£${Number(owed.amount).toFixed(2)}`)
  await screenshot(page, "payment-link-1-page")

  await page.locator("#pay-later").click()
  await page.waitForURL(`${stack.urls.sandbox}/checkout/**`)
  await screenshot(page, "payment-link-2-sandbox")
  await page.locator("#confirm").click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  await screenshot(page, "payment-link-3-order")

  const paid = (await collections()).find((collection) => collection.id === owed.id)!
  expect(paid.status).toBe("authorized")
  expect(paid.payments.map((payment: Record<string, any>) => payment.provider_id)).toEqual([expect.stringMatching(/^pp_bnpl_/)])
})
