import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { newShopperPage, screenshot, startWithChromium } from "./browser"
import { POPUP, cancelInPopup, openExpressPopup } from "./express-popup"
import { startNextjsStack, type NextjsStack } from "./nextjs-stack"
import { adminHeaders } from "../../demo/script/purchase"
import { editAddingItemBeforeCapture, payLinkLater, readOrderPayments } from "./payment-link-steps"

// `next build` and the store's start run side by side (about a minute on 2 cores).
jest.setTimeout(300_000)

let stack: NextjsStack
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  await startWithChromium(startNextjsStack(path.resolve(__dirname, "../../test-output/e2e-nextjs")), (started) => {
    stack = started.stack!
    browser = started.browser!
  })
  // Figures, not assertions: what this file adds to CI time.
  console.log(`examples/nextjs stack started: ${JSON.stringify(stack.timings)}`)
})

afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

beforeEach(async () => {
  ;({ context, page } = await newShopperPage(browser))
})
afterEach(async () => {
  await context?.close()
  stack?.sandbox.control.clearFaults()
})

const approvedAuths = () => stack.sandbox.control.ledger().auths.filter((auth) => auth.status === "APPROVED")

/** Product page -> cart -> delivery (prefilled) -> the payment step. */
async function toPaymentStep(handle: string, shots?: string): Promise<void> {
  await page.goto(`${stack.urls.storefront}/gb/products/${handle}`)
  await page.locator("#add-to-cart").waitFor()
  if (shots) await screenshot(page, `nextjs-${shots}-1-product`)
  await page.locator("#add-to-cart").click()
  await page.waitForURL("**/gb/cart")
  if (shots) await screenshot(page, `nextjs-${shots}-2-cart`)
  await page.locator("#go-to-checkout").click()
  await page.locator("#continue-to-payment").click()
  await page.waitForURL("**/gb/checkout?step=payment")
  await page.locator("#payment").waitFor()
}

const payButton = () => page.getByRole("button", { name: "Pay later" })
const notice = () => page.locator("[data-pay-later-notice]")

it("has the product page's message in the server's HTML, fetched without JavaScript", async () => {
  const response = await fetch(`${stack.urls.storefront}/gb/products/canvas-tote`)
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toMatch(
    /<div[^>]*data-pay-later-message=""[^>]*data-eligible="true"[^>]*><span>Pay later on orders from £1\.00 to £1,000\.00\.<\/span><\/div>/,
  )
})

it("shows the limits on a product page, in the first paint, with the reason on a product above them", async () => {
  // JavaScript off: what the server rendered is what a shopper first sees; nothing moves in later.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 800 } })
  const staticPage = await noScript.newPage()
  await staticPage.goto(`${stack.urls.storefront}/gb/products/canvas-tote`)
  const message = staticPage.locator("[data-pay-later-message]")
  expect(await message.textContent()).toBe("Pay later on orders from £1.00 to £1,000.00.")
  expect(await message.getAttribute("data-eligible")).toBe("true")
  // The express button is in the server's HTML too (enabled once its library loads).
  expect(await staticPage.locator("[data-pay-later-express-button]").count()).toBe(1)
  await screenshot(staticPage, "nextjs-product-message")

  await staticPage.goto(`${stack.urls.storefront}/gb/products/sofa`)
  expect(await message.getAttribute("data-eligible")).toBe("false")
  expect(await message.getAttribute("data-reason")).toBe("above_maximum")
  expect(await message.textContent()).toBe("Pay later is available on orders from £1.00 to £1,000.00.")
  expect(await staticPage.locator("[data-pay-later-express-button]").count()).toBe(0)
  await screenshot(staticPage, "nextjs-product-above-maximum")
  await noScript.close()
})

it("pays later: product, cart, checkout, Confirm on the service's page, the order page with the cart cleared", async () => {
  await toPaymentStep("canvas-tote", "pay")
  await screenshot(page, "nextjs-pay-3-checkout")
  await payButton().click()
  await page.waitForURL(`${stack.urls.sandbox}/checkout/**`)
  expect(await page.locator("#amount").textContent()).toContain("£49.95")
  await screenshot(page, "nextjs-pay-4-service")

  await page.locator("#confirm").click()
  await page.waitForURL("**/gb/order/*/confirmed")
  await screenshot(page, "nextjs-pay-5-confirmed")
  expect(await page.locator("#order-confirmed").textContent()).toMatch(/Order #\d+ is confirmed/)
  // An authorisation, not a payment: the page does not say "paid".
  expect(await page.locator("#payment-status").textContent()).toMatch(/^Payment: Approved/)
  expect(await page.locator("#cart-count").textContent()).toBe("0")
  expect(approvedAuths().filter((auth) => auth.amount.amount === "49.95")).not.toHaveLength(0)
})

/** A tote paid later through the storefront, then an admin's edit adding `variantId`: the order, the admin's headers and what is owed. */
async function editedOrderOwing(variantId: string) {
  await toPaymentStep("canvas-tote")
  await payButton().click()
  await page.locator("#confirm").click()
  await page.waitForURL("**/gb/order/*/confirmed")
  const orderId = new URL(page.url()).pathname.split("/")[3]
  const admin = await adminHeaders(stack.urls.store, stack.seed.admin)
  const { owed } = await editAddingItemBeforeCapture(stack.urls.store, admin, orderId, variantId)
  return { orderId, admin, owed }
}

it("the payment link after an edit before capture: the page under /gb, the difference paid later, the order page; the order authorized in full", async () => {
  const { orderId, admin, owed } = await editedOrderOwing(stack.seed.variants.tote)

  const approvalsBefore = approvedAuths().length
  // The link as the dashboard's "Copy payment link" makes it (admin.storefrontUrl is this storefront; the admin test copies it).
  const shown = await payLinkLater(
    page,
    `${stack.urls.storefront}/payment-collection/${owed.id}?order_id=${orderId}`,
    stack.urls.sandbox,
    "**/gb/order/*/confirmed",
  )
  await screenshot(page, "nextjs-payment-link-paid")
  expect(shown).toBe(`£${owed.amount.toFixed(2)}`)
  expect(new URL(page.url()).pathname).toBe(`/gb/order/${orderId}/confirmed`)
  const read = await readOrderPayments(stack.urls.store, admin, orderId)
  expect(read.paymentStatus).toBe("authorized")
  expect(read.collections.find((collection) => collection.id === owed.id)?.payments).toEqual([
    { provider_id: stack.seed.providers.uk, amount: owed.amount },
  ])
  // One approval more at the service, of exactly the difference.
  expect(
    approvedAuths()
      .slice(approvalsBefore)
      .map((auth) => auth.amount.amount),
  ).toEqual([owed.amount.toFixed(2)])
})

it("the payment link for less than the account's minimum: the amount owed, the limits in words, no button", async () => {
  const { orderId, owed } = await editedOrderOwing(stack.seed.variants.teaTowel)
  await page.goto(`${stack.urls.storefront}/payment-collection/${owed.id}?order_id=${orderId}`)
  await page.locator("#amount-owed").waitFor()
  expect(await page.locator("#amount-owed").textContent()).toBe(`£${owed.amount.toFixed(2)}`)
  expect(await page.locator("#pay-later-unavailable").getAttribute("data-reason")).toBe("below_minimum")
  expect(await page.locator("#pay-later-unavailable").textContent()).toBe("Pay later is available on orders from £1.00 to £1,000.00.")
  expect(await payButton().count()).toBe(0)
})

const expressButton = () => page.locator("[data-pay-later-express-button]:enabled")

it("express from the product page: the popup, the dearer of the store's two options, Confirm, the order page; the basket untouched", async () => {
  const before = approvedAuths().length
  await page.goto(`${stack.urls.storefront}/gb/products/canvas-tote`)
  await expressButton().waitFor()
  await screenshot(page, "nextjs-express-1-product")
  const popup = await openExpressPopup(context, expressButton(), stack.urls.sandbox)
  await popup.locator(POPUP.address("gb-london")).click()
  await popup.locator(POPUP.options).nth(1).waitFor()
  expect(await popup.locator(POPUP.options).count()).toBe(2)
  await popup.locator(POPUP.options).filter({ hasText: "Express Shipping" }).click()
  await popup.locator(POPUP.confirm).click()
  await page.waitForURL("**/gb/order/*/confirmed")
  await screenshot(page, "nextjs-express-2-order")
  expect(await page.locator("#order-confirmed").textContent()).toMatch(/Order #\d+ is confirmed/)
  expect(await page.locator("#payment-status").textContent()).toMatch(/^Payment: Approved/)
  const auths = approvedAuths().slice(before)
  expect(auths.map((auth) => auth.amount)).toEqual([{ amount: "54.95", currency: "GBP" }])
})

it("express from the cart page: Cancel says so; then Confirm lands on the order page and the cart cookie is gone", async () => {
  await page.goto(`${stack.urls.storefront}/gb/products/canvas-tote`)
  await page.locator("#add-to-cart").click()
  await page.waitForURL("**/gb/cart")
  let popup = await openExpressPopup(context, expressButton(), stack.urls.sandbox)
  await cancelInPopup(popup)
  const message = page.locator("[data-pay-later-express-error]")
  await message.waitFor()
  expect(await message.getAttribute("data-reason")).toBe("cancelled")
  expect(await message.textContent()).toBe("You cancelled pay later. Choose a payment method to continue.")

  popup = await openExpressPopup(context, expressButton(), stack.urls.sandbox)
  await popup.locator(POPUP.address("gb-manchester")).click()
  await popup.locator(POPUP.options).first().click()
  await popup.locator(POPUP.confirm).click()
  await page.waitForURL("**/gb/order/*/confirmed")
  expect(await page.locator("#cart-count").textContent()).toBe("0")
})

it("cancel on the service's page: back at the checkout with the message, which a reload does not bring back", async () => {
  await toPaymentStep("canvas-tote")
  await payButton().click()
  await page.locator("#cancel").click()
  await page.waitForURL(/\/gb\/checkout\?step=payment/)
  await notice().waitFor()
  await screenshot(page, "nextjs-cancel-notice")
  expect(await notice().textContent()).toContain("You cancelled pay later.")
  // The reason left the address bar once shown.
  await page.waitForFunction(() => !window.location.search.includes("bnpl_error"))
  await page.reload()
  await page.locator("#payment").waitFor()
  expect(await notice().count()).toBe(0)
  expect(await payButton().count()).toBe(1)
  expect(await page.locator("#cart-count").textContent()).toBe("1")
})

it("a declined payment: back at the checkout with the decline message and no order", async () => {
  await toPaymentStep("canvas-tote")
  const before = approvedAuths().length
  await payButton().click()
  await page.locator("#decline").click()
  await page.waitForURL(/\/gb\/checkout\?step=payment/)
  await notice().waitFor()
  await screenshot(page, "nextjs-declined-notice")
  expect(await notice().getAttribute("data-reason")).toBe("declined")
  expect(await notice().textContent()).toContain("Pay later was declined.")
  expect(approvedAuths()).toHaveLength(before)
})

it("a cart above the maximum: the method is hidden and the reason shown", async () => {
  await toPaymentStep("sofa")
  await screenshot(page, "nextjs-above-maximum-checkout")
  expect(await page.locator("#pay-later-unavailable").getAttribute("data-reason")).toBe("above_maximum")
  expect(await page.locator("#pay-later-unavailable").textContent()).toBe("Pay later is available on orders from £1.00 to £1,000.00.")
  expect(await payButton().count()).toBe(0)
})

it("the service down: the shopper reads the plugin's message, not the Server Components error", async () => {
  await toPaymentStep("canvas-tote")
  stack.sandbox.control.addFault({ endpoint: "createCheckout", kind: "status", status: 503 })
  await payButton().click()
  const alert = page.locator("[data-pay-later-error]")
  await alert.waitFor()
  await screenshot(page, "nextjs-service-down")
  const text = (await alert.textContent()) ?? ""
  // The plugin's own words for the shopper (payments/errors.ts), not the merchant's detail.
  expect(text).toMatch(/^Pay later is not available right now/)
  expect(text).not.toMatch(/Server Components/)
  expect(page.url()).toContain("/gb/checkout")
})

it("a lost answer to Auth, then Try again: one approval and the order", async () => {
  await toPaymentStep("canvas-tote")
  await payButton().click()
  await page.waitForURL(`${stack.urls.sandbox}/checkout/**`)
  const token = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!)
  // Auth is approved at the service each time but no answer arrives, through the client's
  // retries and its resends on a new connection (more faults than tries; cleared afterwards).
  stack.sandbox.control.addFault({ endpoint: "auth", kind: "lost_response", times: 20 })
  await page.locator("#confirm").click()
  await page.waitForURL(/\/gb\/checkout\?step=payment/)
  await notice().waitFor()
  expect(await notice().getAttribute("data-reason")).toBe("payment_failed")
  await screenshot(page, "nextjs-lost-answer-notice")
  stack.sandbox.control.clearFaults()

  await page.getByRole("button", { name: "Try again" }).click()
  await page.waitForURL("**/gb/order/*/confirmed")
  await screenshot(page, "nextjs-lost-answer-order")
  expect(await page.locator("#order-confirmed").textContent()).toMatch(/Order #\d+ is confirmed/)
  expect(approvedAuths().filter((auth) => auth.token === token)).toHaveLength(1)
})

it("bnpl_status=processing: the processing view polls (a store without the status route answers 404) and offers no second payment", async () => {
  await toPaymentStep("canvas-tote")
  // Each poll is a Server Action: a POST with a `next-action` header.
  const isPoll = (response: { request(): { method(): string; headers(): Record<string, string> } }) =>
    response.request().method() === "POST" && Boolean(response.request().headers()["next-action"])
  let polls = 0
  page.on("response", (response) => {
    if (isPoll(response)) polls += 1
  })
  await page.goto(`${stack.urls.storefront}/gb/checkout?step=payment&bnpl_status=processing`)
  const polling = page.locator('[data-pay-later-processing="polling"]')
  await polling.waitFor()
  await page.waitForFunction(() => !window.location.search.includes("bnpl_status"))
  // Three polls answered (the store's 404 read as processing), and it still says processing.
  while (polls < 3) await page.waitForResponse(isPoll, { timeout: 20_000 })
  await screenshot(page, "nextjs-processing")
  expect(await polling.textContent()).toBe("We are confirming your payment. This usually takes a few seconds.")
  expect(await payButton().count()).toBe(0)
})

it("GET /store/bnpl/limits: the limits per currency and an amount's eligibility, cacheable, with clear 400s", async () => {
  const limits = (query: string) =>
    fetch(`${stack.urls.store}/store/bnpl/limits?${query}`, { headers: { "x-publishable-api-key": stack.seed.publishableKey } })

  const inside = await limits("currency_code=gbp&amount=49.95")
  expect(inside.status).toBe(200)
  // The demo sells through a UK and an EU account: the answer names the provider serving the currency.
  expect(await inside.json()).toEqual({
    eligible: true,
    minimumAmount: "1.00",
    maximumAmount: "1000.00",
    currency: "GBP",
    amount: "49.95",
    providerId: "pp_bnpl_bnpl",
  })
  expect(inside.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/)

  expect(await (await limits("currency_code=gbp&amount=1499")).json()).toMatchObject({ eligible: false, reason: "above_maximum" })
  expect(await (await limits("currency_code=usd")).json()).toEqual({ eligible: false, reason: "unsupported_currency", currency: "USD" })
  expect(await (await limits("currency_code=GBP")).json()).toEqual({
    eligible: true,
    minimumAmount: "1.00",
    maximumAmount: "1000.00",
    currency: "GBP",
    providerId: "pp_bnpl_bnpl",
  })
  expect(await (await limits("currency_code=eur&amount=1500")).json()).toMatchObject({
    eligible: true,
    maximumAmount: "2000.00",
    currency: "EUR",
    providerId: "pp_bnpl_bnpl-eu",
  })

  const bad = await limits("currency_code=gbp&amount=12,50")
  expect(bad.status).toBe(400)
  expect((await bad.json()).message).toMatch(/^amount must be a non-negative decimal .*GET \/store\/bnpl\/limits/)
  const missing = await limits("amount=1")
  expect(missing.status).toBe(400)
  expect((await missing.json()).message).toMatch(/^currency_code is required/)
})
