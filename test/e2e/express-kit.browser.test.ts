import type { Browser, BrowserContext, Page } from "playwright-core"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { asMerchant } from "../contract/sandbox/express-http"
import { accessibilityViolations } from "./axe"
import { launchChromium, screenshot } from "./browser"
import { ExpressKitPage } from "./express-kit-page"
import { POPUP, cancelInPopup, openExpressPopup } from "./express-popup"

// No Medusa: the sandbox, a page and Chromium start in a few seconds.
jest.setTimeout(60_000)

let sandbox: Sandbox
let site: ExpressKitPage
// One browser for the file, a fresh context and page for each test.
let browser: Browser, context: BrowserContext, page: Page

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  site = new ExpressKitPage(sandbox)
  await site.start()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.stop()
  await sandbox?.close()
})

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  page = await context.newPage()
  site.requests.length = 0
})
afterEach(async () => {
  await context?.close()
})

const button = () => page.locator("[data-pay-later-express-button]:enabled")
const message = () => page.locator("[data-pay-later-express-error]")

it("<PayLaterExpressButton> in Chromium with the sandbox's library: the popup, the options the page answered, Confirm, the order page", async () => {
  await page.goto(`${site.url}/cart`)
  // Disabled until the library has loaded, then enabled.
  await button().waitFor()
  const popup = await openExpressPopup(context, button(), sandbox.url)
  await popup.locator(POPUP.address("gb-london")).click()
  const options = popup.locator(POPUP.options)
  await options.nth(1).waitFor()
  expect(await options.allTextContents()).toEqual([
    expect.stringContaining("Order total £44.95"),
    expect.stringContaining("Order total £49.95"),
  ])
  await options.nth(1).click()
  await screenshot(popup, "express-kit-popup")
  await popup.locator(POPUP.confirm).click()

  await page.waitForURL(`${site.url}/order/order_so_express`)
  // The start route got the page's origin (the popup's origin at the service); the address went on as the popup gave it.
  expect(site.requests.map((request) => request.path)).toEqual([
    "/store/bnpl/carts/cart_kit/express",
    "/store/bnpl/carts/cart_kit/express/shipping-options",
    "/store/bnpl/carts/cart_kit/express/complete",
  ])
  expect(site.requests[0].origin).toBe(site.url)
  expect(site.requests[1].body).toMatchObject({ address1: "221B Baker Street", postcode: "NW1 6XE", countryCode: "GB" })
  const token = site.requests[2].body.orderToken
  const checkout = await asMerchant(sandbox, "GET", `/v2/checkouts/${encodeURIComponent(token)}`)
  expect(checkout.json).toMatchObject({ shippingOptionIdentifier: "so_express", amount: { amount: "49.95", currency: "GBP" } })
})

it("a US address is refused; Cancel then says the store does not deliver there, and the button works again", async () => {
  await page.goto(`${site.url}/cart`)
  await button().waitFor()
  const popup = await openExpressPopup(context, button(), sandbox.url)
  await popup.locator(POPUP.address("us-new-york")).click()
  await popup.locator(POPUP.status).filter({ hasText: "does not deliver" }).waitFor()
  await cancelInPopup(popup)
  await message().waitFor()
  expect(await message().getAttribute("data-reason")).toBe("address_unsupported")
  expect(await message().getAttribute("role")).toBe("alert")
  await screenshot(page, "express-kit-unsupported")

  const again = await openExpressPopup(context, button(), sandbox.url)
  await cancelInPopup(again)
  await message().filter({ hasText: "You cancelled pay later." }).waitFor()
  expect(await message().getAttribute("data-reason")).toBe("cancelled")
})

// docs/storefront.md "Accessibility": the kit's own elements, in a real browser.
const kit = () => page.locator("#kit")

it("the kit's five components in French: French words and amounts, and no WCAG 2.2 A/AA violation in their markup (axe-core)", async () => {
  await page.goto(`${site.url}/components?locale=fr-FR`)
  await button().waitFor()
  expect(await kit().locator("[data-pay-later-message]").textContent()).toBe(
    "Payez plus tard sur les commandes de 1,00\u00a0€ à 1\u202f000,00\u00a0€.Ou payez en 4 fois sans frais\u00a0: 4 × 12,50\u00a0€.",
  )
  expect(await kit().locator("[data-pay-later-notice-message]").textContent()).toBe(
    "Vous avez annulé le paiement plus tard. Choisissez un moyen de paiement pour continuer.",
  )
  expect(await kit().locator("[data-pay-later-processing]").textContent()).toBe(
    "Nous confirmons votre paiement. Cela ne prend généralement que quelques secondes.",
  )
  await screenshot(page, "kit-components-fr")
  expect(await accessibilityViolations(page, "#kit")).toEqual([])
})

it("the kit's buttons by keyboard alone: Tab reaches each in order with a visible focus, Enter acts, the error is announced and names the button's description", async () => {
  await page.goto(`${site.url}/components?locale=de-DE`)
  await button().waitFor()
  const focused = () =>
    page.evaluate(() => ({ text: document.activeElement?.textContent, visible: document.activeElement?.matches(":focus-visible") }))
  await page.keyboard.press("Tab")
  expect(await focused()).toEqual({ text: "Weiter mit „Später bezahlen“", visible: true })
  await page.keyboard.press("Enter")
  const error = kit().locator("[data-pay-later-error]")
  await error.waitFor()
  expect(await error.getAttribute("role")).toBe("alert")
  expect(await error.textContent()).toBe("„Später bezahlen“ antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.")
  const describedBy = await kit().locator("[data-pay-later-button] button").getAttribute("aria-describedby")
  expect(describedBy).toBe(await error.getAttribute("id"))
  await page.keyboard.press("Tab")
  expect(await focused()).toEqual({ text: "Expresskauf mit „Später bezahlen“", visible: true })
  await page.keyboard.press("Tab")
  expect(await focused()).toEqual({ text: "Erneut versuchen", visible: true })
  expect(await kit().locator("[data-pay-later-processing]").getAttribute("aria-live")).toBe("polite")
  expect(await accessibilityViolations(page, "#kit")).toEqual([])
})
