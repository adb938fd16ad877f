import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { startDemo, type DemoStack } from "../../demo/stack"
import type { SandboxLedger } from "../../src/sandbox"
import { launchChromium, screenshot } from "./browser"

// Medusa boots in about 20 s; migrations on a fresh database take about as long again.
jest.setTimeout(180_000)

let stack: DemoStack
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  // Both at once; whichever started is kept so afterAll stops it even if the other failed.
  const [demo, chromium] = await Promise.allSettled([
    startDemo({
      sandboxPort: 0,
      storePort: 0,
      storefrontPort: 0,
      freshDatabase: true,
      logDir: path.resolve(__dirname, "../../test-output/e2e"),
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

// Each test is a new shopper: a new browser context has its own localStorage, so its own cart.
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  page = await context.newPage()
})
afterEach(async () => {
  await context?.close()
})

/** Product page -> cart -> checkout with the prefilled details and the first delivery option. */
async function toPaymentStep(productTitle: string, shots?: string): Promise<void> {
  await page.goto(stack.urls.storefront)
  await page.getByRole("link", { name: productTitle }).click()
  await page.locator("#add-to-cart").waitFor()
  if (shots) await screenshot(page, `${shots}-1-product`)
  await page.locator("#add-to-cart").click()
  await page.waitForURL("**/cart")
  await page.locator("#cart-total").waitFor()
  if (shots) await screenshot(page, `${shots}-2-cart`)
  await page.locator("#go-to-checkout").click()
  await page.waitForURL("**/checkout")
  await page.locator("#continue-to-delivery").click()
  await page.locator("#continue-to-payment").click()
  await page.locator("#payment").waitFor()
}

it("pays later: product, cart, checkout, the sandbox's page, Confirm, then the order confirmation page", async () => {
  await toPaymentStep("Canvas Tote", "pay-later")
  await page.locator("#pay-later").waitFor()
  await screenshot(page, "pay-later-3-checkout")

  await page.locator("#pay-later").click()
  await page.waitForURL(`${stack.urls.sandbox}/checkout/**`)
  await expectText("#amount", "£49.95")
  await screenshot(page, "pay-later-4-sandbox")

  await page.locator("#confirm").click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  await screenshot(page, "pay-later-5-confirmed")

  const orderId = await page.locator("#order-id").textContent()
  expect(page.url()).toContain(`/order/${orderId}/confirmed`)
  expect(await page.locator("#order-confirmed").textContent()).toMatch(/Order #\d+ is confirmed/)
  expect(await page.locator("#cart-count").textContent()).toBe("0")
  const ledger = (await (await fetch(`${stack.urls.sandboxControl}/ledger`)).json()) as SandboxLedger
  expect(ledger.auths.filter((auth: { status: string }) => auth.status === "APPROVED")).toHaveLength(1)
})

it("switches to the Europe region and pays later in EUR through the EU account", async () => {
  await page.goto(stack.urls.storefront)
  await page.locator("#region").selectOption({ label: "Europe (EUR)" })
  await page.waitForURL(`${stack.urls.storefront}/`)
  await page.getByRole("link", { name: "Canvas Tote" }).waitFor()
  await toPaymentStep("Canvas Tote")
  await page.locator("#pay-later").click()
  await page.waitForURL(`${stack.urls.sandbox}/checkout/**`)
  expect(await page.locator("#amount").textContent()).toMatch(/€/)
  await screenshot(page, "pay-later-eu-sandbox")
  await page.locator("#confirm").click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()

  const ledger = (await (await fetch(`${stack.urls.sandboxControl}/ledger`)).json()) as SandboxLedger
  const approved = ledger.auths.filter((auth: { status: string }) => auth.status === "APPROVED")
  expect(approved.map((auth: { merchantId: string }) => auth.merchantId)).toContain("100201")
  const eu = ledger.payments.find((payment) => payment.merchantId === "100201")
  expect(eu?.originalAmount?.currency).toBe("EUR")
})

it("shows the kit's instalment line on a product inside the limits, none above the maximum (the sofa) or below the minimum", async () => {
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#pay-later-message").waitFor({ state: "attached" })
  expect(await page.locator("#pay-later-message").getAttribute("data-eligible")).toBe("true")
  expect(await page.locator("#pay-later-message").textContent()).toContain("Pay later on orders from £1.00 to £1,000.00.")
  expect(await page.locator("#pay-later-instalments").textContent()).toBe("Or 4 payments of £11.25.")
  await screenshot(page, "message-1-product")

  // Above the maximum (the £1,499 sofa) and below the minimum (the £0.50 tea towel): nothing.
  for (const [handle, price] of [["sofa", "£1,499.00"], ["tea-towel", "£0.50"]]) {
    await page.goto(`${stack.urls.storefront}/products/${handle}`)
    await page.locator("#pay-later-message").waitFor({ state: "attached" })
    expect(await page.locator("#product-price").textContent()).toBe(price)
    expect(await page.locator("#pay-later-message").getAttribute("data-eligible")).toBe("hidden")
    expect((await page.locator("#pay-later-message").textContent())?.trim()).toBe("")
  }
})

it("after a cancel the shopper is back at the checkout, the reason leaves the address bar, and manual payment places the order", async () => {
  await toPaymentStep("Canvas Tote")
  await page.locator("#pay-later").click()
  await page.locator("#cancel").waitFor()
  // The consumer screen lists the order and the payment plan before the shopper decides.
  expect(await page.locator("#order #total").textContent()).toContain("£")
  expect(await page.locator("#schedule tr").count()).toBe(4)
  await screenshot(page, "cancel-1-sandbox")
  await page.locator("#cancel").click()

  await page.locator("#error-message").waitFor()
  expect(await page.locator("#error-message").textContent()).toBe("You cancelled pay later. Choose a payment method to continue.")
  // Read once, then removed (history.replaceState): a reload does not show it again.
  await page.waitForURL((url) => url.pathname === "/checkout" && !url.searchParams.has("bnpl_error"))
  expect(new URL(page.url()).searchParams.get("step")).toBe("payment")
  await screenshot(page, "cancel-2-back-at-checkout")
  expect(await page.locator("#cart-count").textContent()).toBe("1")
  await page.locator("#pay-later").waitFor()

  await page.locator("#pay-manually").click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  expect(await page.locator("#info-message").textContent()).toBe("Payment: manual payment.")
  await screenshot(page, "cancel-3-manual-payment-confirmed")
})

it("offers no Pay later for a cart above the service's maximum, and manual payment instead", async () => {
  await toPaymentStep("Three-seat Sofa")
  await page.locator("#pay-later-unavailable").waitFor()
  await screenshot(page, "not-eligible")
  expect(await page.locator("#pay-later-unavailable").textContent()).toBe("Pay later is available on orders from £1.00 to £1,000.00.")
  expect(await page.locator("#pay-later").count()).toBe(0)
  expect(await page.locator("#pay-manually").count()).toBe(1)
})

async function expectText(selector: string, text: string): Promise<void> {
  await page.locator(selector).waitFor()
  expect(await page.locator(selector).textContent()).toContain(text)
}
