import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { startDemo, type DemoStack } from "../../demo/stack"
import type { SandboxLedger } from "../../src/sandbox"
import { launchChromium, screenshot } from "./browser"
import { POPUP, openExpressPopup } from "./express-popup"

// Medusa boots in about 20 s; migrations on a fresh database take about as long again.
jest.setTimeout(180_000)

let stack: DemoStack
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  const [demo, chromium] = await Promise.allSettled([
    startDemo({
      sandboxPort: 0,
      storePort: 0,
      storefrontPort: 0,
      freshDatabase: true,
      logDir: path.resolve(__dirname, "../../test-output/e2e-express"),
    }),
    launchChromium(),
  ])
  if (demo.status === "fulfilled") stack = demo.value
  if (chromium.status === "fulfilled") browser = chromium.value
  if (demo.status === "rejected") throw demo.reason
  if (chromium.status === "rejected") throw chromium.reason
})

afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  page = await context.newPage()
})
afterEach(async () => {
  await context?.close()
})

const ledger = async () => (await (await fetch(`${stack.urls.sandboxControl}/ledger`)).json()) as SandboxLedger
const approvedAuths = async () => (await ledger()).auths.filter((auth) => auth.status === "APPROVED")

interface StoreOrder {
  id: string
  email: string
  total: number
  currency_code: string
  shipping_address: { address_1: string; postal_code: string; country_code: string; first_name: string; last_name: string }
  shipping_methods: Array<{ name: string; shipping_option_id: string; amount: number }>
}

/** The order as the store API gives it to the storefront (publishable key). */
async function storeOrder(orderId: string): Promise<StoreOrder> {
  const fields = "id,email,total,currency_code,*shipping_address,*shipping_methods"
  const response = await fetch(`${stack.urls.store}/store/orders/${orderId}?fields=${encodeURIComponent(fields)}`, {
    headers: { "x-publishable-api-key": stack.seed.publishableKey },
  })
  return ((await response.json()) as { order: StoreOrder }).order
}

it("product page -> Express -> the popup -> a GB address -> the store's two options -> the dearer one -> Confirm -> the order page", async () => {
  const authsBefore = (await approvedAuths()).length
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#express-checkout:enabled").waitFor()
  await screenshot(page, "express-1-product")

  const popup = await openExpressPopup(context, page.locator("#express-checkout"), stack.urls.sandbox)
  await popup.locator(POPUP.address("gb-london")).click()
  const options = popup.locator(POPUP.options)
  await options.nth(1).waitFor()
  expect(await options.count()).toBe(2)
  // The store's own options with its amounts: the tote is £45.00, shipping £4.95 or £9.95.
  const texts = await options.allTextContents()
  expect(texts.find((text) => text.includes("Standard Shipping"))).toMatch(/£4\.95.*Order total £49\.95/)
  expect(texts.find((text) => text.includes("Express Shipping"))).toMatch(/£9\.95.*Order total £54\.95/)
  await screenshot(popup, "express-2-popup-options")

  await options.filter({ hasText: "Express Shipping" }).click()
  await popup.locator(POPUP.confirm).click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  await screenshot(page, "express-3-order")

  const orderId = (await page.locator("#order-id").textContent())!
  const order = await storeOrder(orderId)
  expect(order.email).toBe("alice.express@example.com")
  expect(order.shipping_address).toMatchObject({ address_1: "221B Baker Street", postal_code: "NW1 6XE", country_code: "gb" })
  expect(order.shipping_methods.map((method) => method.name)).toEqual(["Express Shipping"])
  expect(order.total).toBe(54.95)
  // One approval, for the order's total.
  const auths = (await approvedAuths()).slice(authsBefore)
  expect(auths).toHaveLength(1)
  expect(auths[0].amount).toEqual({ amount: "54.95", currency: "GBP" })
  // The product page's express cart was its own: the basket is untouched (empty here).
  expect(await page.locator("#cart-count").textContent()).toBe("0")
})

it("a US address is refused in the popup; leaving then says the store does not deliver there", async () => {
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#express-checkout:enabled").waitFor()
  const popup = await openExpressPopup(context, page.locator("#express-checkout"), stack.urls.sandbox)
  await popup.locator(POPUP.address("us-new-york")).click()
  await expectText(popup.locator(POPUP.status), "does not deliver")
  expect(await popup.locator(POPUP.options).count()).toBe(0)
  await popup.locator(POPUP.cancel).click()

  await page.locator("#express-message").waitFor()
  expect(await page.locator("#express-message").getAttribute("data-reason")).toBe("address_unsupported")
  expect(await page.locator("#express-message").textContent()).toMatch(/^We do not deliver to the address you chose/)
  await screenshot(page, "express-4-unsupported-address")
})

it("from the cart page: Cancel says so and keeps the cart; a second press then pays the cart", async () => {
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#add-to-cart").click()
  await page.waitForURL("**/cart")
  await page.locator("#express-checkout:enabled").waitFor()

  let popup = await openExpressPopup(context, page.locator("#express-checkout"), stack.urls.sandbox)
  await popup.locator(POPUP.cancel).click()
  await page.locator("#express-message").waitFor()
  expect(await page.locator("#express-message").textContent()).toBe("You cancelled pay later. Choose a payment method to continue.")
  expect(await page.locator("#cart-count").textContent()).toBe("1")

  popup = await openExpressPopup(context, page.locator("#express-checkout"), stack.urls.sandbox)
  await popup.locator(POPUP.address("gb-manchester")).click()
  await popup.locator(POPUP.options).first().click()
  await popup.locator(POPUP.confirm).click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  // The basket became the order: the next visit starts a new one.
  expect(await page.locator("#cart-count").textContent()).toBe("0")
})

async function expectText(locator: ReturnType<Page["locator"]>, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor()
}
