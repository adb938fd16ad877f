import path from "node:path"
import type { Browser, BrowserContext, Page, Route } from "playwright-core"
import { startDemo, type DemoStack } from "../../demo/stack"
import type { SandboxLedger } from "../../src/sandbox"
import { accessibilityViolations } from "./axe"
import { newShopperPage, screenshot, startWithChromium } from "./browser"
import { startingDemoStore } from "./dashboard-turn"
import { POPUP, cancelInPopup, openExpressPopup } from "./express-popup"

// Medusa boots in about 20 s (on a copy of the demo store's template: no migrations); the start
// may first wait for the admin test's turn with the dashboard to end (dashboard-turn.ts).
jest.setTimeout(300_000)

let stack: DemoStack
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  // Both at once; whichever started is kept so afterAll stops it even if the other failed.
  await startWithChromium(
    startingDemoStore(() =>
      startDemo({
        sandboxPort: 0,
        storePort: 0,
        storefrontPort: 0,
        fromTemplate: true,
        logDir: path.resolve(__dirname, "../../test-output/e2e"),
      }),
    ),
    (started) => {
      stack = started.stack!
      browser = started.browser!
    },
  )
})

afterAll(async () => {
  await browser?.close()
  await stack?.close()
})

// Each test is a new shopper: a new browser context has its own localStorage, so its own cart.
beforeEach(async () => {
  ;({ context, page } = await newShopperPage(browser))
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
  // The switch reloads "/" (location.href), where the page already is: wait for that load itself.
  const reloaded = page.waitForEvent("load")
  await page.locator("#region").selectOption({ label: "Europe (EUR)" })
  await reloaded
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
  expect(await page.locator("#pay-later-instalments").textContent()).toBe("Or 4 interest-free payments of £11.25.")
  await screenshot(page, "message-1-product")

  // Above the maximum (the £1,499 sofa) and below the minimum (the £0.50 tea towel): nothing.
  for (const [handle, price] of [
    ["sofa", "£1,499.00"],
    ["tea-towel", "£0.50"],
  ]) {
    await page.goto(`${stack.urls.storefront}/products/${handle}`)
    await page.locator("#pay-later-message").waitFor({ state: "attached" })
    expect(await page.locator("#product-price").textContent()).toBe(price)
    expect(await page.locator("#pay-later-message").getAttribute("data-eligible")).toBe("hidden")
    expect((await page.locator("#pay-later-message").textContent())?.trim()).toBe("")
    // Express is hidden outside the limits too.
    expect(await page.locator("#express-checkout").count()).toBe(0)
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

// Express checkout (docs/storefront.md, "Express checkout"): the demo's button on the product
// and cart pages, the sandbox's library and popup, the plugin's express store routes.
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
  await popup.locator(POPUP.status).filter({ hasText: "does not deliver" }).waitFor()
  expect(await popup.locator(POPUP.options).count()).toBe(0)
  await cancelInPopup(popup)

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
  await cancelInPopup(popup)
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

it("express in the Europe region: a German address, EUR options, the order paid through the EU account", async () => {
  await page.goto(stack.urls.storefront)
  // The switch reloads "/" (location.href), where the page already is: wait for that load itself.
  const reloaded = page.waitForEvent("load")
  await page.locator("#region").selectOption({ label: "Europe (EUR)" })
  await reloaded
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#express-checkout:enabled").waitFor()
  const authsBefore = (await approvedAuths()).length
  const popup = await openExpressPopup(context, page.locator("#express-checkout"), stack.urls.sandbox)
  await popup.locator(POPUP.address("de-berlin")).click()
  const options = popup.locator(POPUP.options)
  await options.nth(1).waitFor()
  expect(await options.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/€/)]))
  await screenshot(popup, "express-5-popup-eur")
  await options.first().click()
  await popup.locator(POPUP.confirm).click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  const order = await storeOrder((await page.locator("#order-id").textContent())!)
  expect(order.currency_code).toBe("eur")
  expect(order.shipping_address.country_code).toBe("de")
  const auths = (await approvedAuths()).slice(authsBefore)
  expect(auths.map((auth) => [auth.merchantId, auth.amount.currency])).toEqual([["100201", "EUR"]])
})

// Languages (docs/storefront.md "Languages") and accessibility (docs/storefront.md "Accessibility").
const FRENCH_EUROS = /\d+,\d{2}\u00a0€/

/** The Europe region and, unless "", a language from the header's switch (each reloads the page). */
async function inEurope(language: string): Promise<void> {
  await page.goto(stack.urls.storefront)
  let reloaded = page.waitForEvent("load")
  await page.locator("#region").selectOption({ label: "Europe (EUR)" })
  await reloaded
  if (!language) return
  await page.locator("#language option").nth(1).waitFor({ state: "attached" })
  reloaded = page.waitForEvent("load")
  await page.locator("#language").selectOption({ label: language })
  await reloaded
}

/** The page's WCAG 2.2 A/AA violations (axe-core), none expected; named for the failure message. */
async function expectAccessible(name: string): Promise<void> {
  expect({ page: name, violations: await accessibilityViolations(page) }).toEqual({ page: name, violations: [] })
}

it("in French with a fr-FR cart: the message, the button, a cancel's reason and the order page in French with French amounts, and no WCAG 2.2 A/AA violation on any of those pages", async () => {
  await inEurope("Français")
  expect(await page.locator("html").getAttribute("lang")).toBe("fr-FR")
  await page.getByRole("link", { name: "Canvas Tote" }).click()
  await page.locator("#add-to-cart").waitFor()
  const message = (await page.locator("#pay-later-message").textContent()) ?? ""
  expect(message).toMatch(/^Payez plus tard sur les commandes de 1,00\u00a0€ à [\d\u202f]+,00\u00a0€\./)
  expect(await page.locator("#pay-later-instalments").textContent()).toMatch(
    /^Ou payez en 4 fois sans frais\u00a0: 4 × \d+,\d{2}\u00a0€\.$/,
  )
  expect(await page.locator("#product-price").textContent()).toMatch(FRENCH_EUROS)
  await screenshot(page, "languages-fr-1-product")
  await expectAccessible("product (fr-FR)")

  await page.locator("#add-to-cart").click()
  await page.waitForURL("**/cart")
  await page.locator("#cart-total").waitFor()
  expect(await page.locator("#cart-total").textContent()).toMatch(FRENCH_EUROS)
  const cartId = await page.evaluate(() => localStorage.getItem("demo_cart_id"))
  const cart = await (
    await fetch(`${stack.urls.store}/store/carts/${cartId}`, { headers: { "x-publishable-api-key": stack.seed.publishableKey } })
  ).json()
  expect(cart.cart.locale).toBe("fr-FR")
  await expectAccessible("cart (fr-FR)")

  await page.locator("#go-to-checkout").click()
  await page.waitForURL("**/checkout")
  await page.locator("#continue-to-delivery").click()
  await page.locator("#continue-to-payment").click()
  await page.locator("#pay-later").waitFor()
  expect(await page.locator("#pay-later").textContent()).toBe("Continuer et payer plus tard")
  await expectAccessible("checkout (fr-FR)")

  await page.locator("#pay-later").click()
  // The sandbox's stand-in for the service's page, in the shop's language (the demo passes its locale).
  await page.locator("#cancel").waitFor()
  expect(await page.locator("html").getAttribute("lang")).toBe("fr-FR")
  expect(await page.locator("#amount").textContent()).toMatch(FRENCH_EUROS)
  expect(await page.locator("#cancel").textContent()).toBe("Annuler")
  await page.locator("#cancel").click()
  await page.locator("#error-message").waitFor()
  expect(await page.locator("#error-message").textContent()).toBe(
    "Vous avez annulé le paiement plus tard. Choisissez un moyen de paiement pour continuer.",
  )
  await screenshot(page, "languages-fr-2-cancelled")
  await expectAccessible("return after a cancel (fr-FR)")

  await page.locator("#pay-later").click()
  await page.locator("#confirm").click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  expect(await page.locator("#order-confirmed").textContent()).toMatch(/^Merci\u00a0! Votre commande n° \d+ est confirmée$/)
  expect(await page.locator("#payment-status").textContent()).toBe(
    "Accepté\u00a0: vous payez plus tard, comme convenu avec le service de paiement",
  )
  expect(await page.locator("#cart-total").textContent()).toMatch(FRENCH_EUROS)
  await screenshot(page, "languages-fr-3-order")
  await expectAccessible("order (fr-FR)")
})

it("in German from the Europe region's country (no language chosen): the message, the button, a cancel's reason and the order page in German with German amounts", async () => {
  await inEurope("")
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#pay-later-message").waitFor()
  expect(await page.locator("html").getAttribute("lang")).toBe("de-DE")
  expect(await page.locator("#pay-later-message").textContent()).toMatch(
    /^Später bezahlen bei Bestellungen von 1,00\u00a0€ bis [\d.]+,00\u00a0€\./,
  )
  expect(await page.locator("#pay-later-instalments").textContent()).toMatch(/^Oder in 4 Raten zinsfrei zahlen: 4 × \d+,\d{2}\u00a0€\.$/)
  await expectAccessible("product (de-DE)")
  await toPaymentStep("Canvas Tote")
  expect(await page.locator("#pay-later").textContent()).toBe("Weiter mit „Später bezahlen“")
  await screenshot(page, "languages-de-checkout")

  await page.locator("#pay-later").click()
  await page.locator("#cancel").waitFor()
  expect(await page.locator("#cancel").textContent()).toBe("Abbrechen")
  await page.locator("#cancel").click()
  await page.locator("#error-message").waitFor()
  expect(await page.locator("#error-message").textContent()).toBe(
    "Sie haben „Später bezahlen“ abgebrochen. Wählen Sie eine Zahlungsart, um fortzufahren.",
  )
  await screenshot(page, "languages-de-cancelled")

  await page.locator("#pay-later").click()
  await page.locator("#confirm").click()
  await page.waitForURL(`${stack.urls.storefront}/order/*/confirmed`)
  await page.locator("#order-confirmed").waitFor()
  expect(await page.locator("#order-confirmed").textContent()).toMatch(/^Vielen Dank! Bestellung Nr\. \d+ ist bestätigt$/)
  expect(await page.locator("#payment-status").textContent()).toBe("Genehmigt: Sie bezahlen später, wie mit dem Zahlungsdienst vereinbart")
  // German amounts: a decimal comma, the euro sign after a no-break space ("49,95 €").
  expect(await page.locator("#cart-total").textContent()).toMatch(/\d+,\d{2}\u00a0€/)
  expect(await page.locator("html").getAttribute("lang")).toBe("de-DE")
  await screenshot(page, "languages-de-order")
})

it("in English (the UK region): the express button's product page and the cart page have no WCAG 2.2 A/AA violation", async () => {
  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await page.locator("#express-checkout:enabled").waitFor()
  await expectAccessible("product with express (en-GB)")
  await page.locator("#add-to-cart").click()
  await page.waitForURL("**/cart")
  await page.locator("#express-checkout:enabled").waitFor()
  await expectAccessible("cart with express (en-GB)")
})

/** What went wrong in the page meanwhile: uncaught errors, and the store's refusals of a write (4xx/5xx). */
function watchFailures(): { uncaught: string[]; refused: string[] } {
  const seen = { uncaught: [] as string[], refused: [] as string[] }
  page.on("pageerror", (error) => seen.uncaught.push(error.message))
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.status() >= 400) seen.refused.push(`${response.status()} ${response.url()}`)
  })
  return seen
}

/** The cart writes the page sent (POST /store/carts/...), as "POST <path>", from now on. */
function watchCartWrites(): string[] {
  const writes: string[] = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (request.method() === "POST" && url.pathname.startsWith("/store/carts/"))
      writes.push(`POST ${url.pathname.replace(/cart_\w+/, ":id")}`)
  })
  return writes
}

/** Resolves once the page's press in progress has ended and the checkout shows its payment step. */
async function pressEnded(): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById("app")!.hasAttribute("aria-busy") && document.getElementById("payment") !== null,
  )
}

it("a double press, or Continue to payment pressed while the address still saves, sends one cart write at a time: no lock error, nothing uncaught", async () => {
  await toPaymentStep("Canvas Tote")
  const failures = watchFailures()
  const writes = watchCartWrites()
  // The address save is held at the browser until both steps' buttons have been pressed twice.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let saving!: () => void
  const saveSent = new Promise<void>((resolve) => (saving = resolve))
  await page.route(`${stack.urls.store}/store/carts/*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue()
    saving()
    await held
    await route.continue()
  })
  await page.evaluate(() => {
    for (const id of ["continue-to-delivery", "continue-to-delivery", "continue-to-payment", "continue-to-payment"])
      document.getElementById(id)!.click()
  })
  await saveSent
  expect(await page.locator("#continue-to-payment").isDisabled()).toBe(true)
  expect(await page.locator("#pay-later").isDisabled()).toBe(true)
  release()
  await pressEnded()
  await page.unroute(`${stack.urls.store}/store/carts/*`)
  // Then the delivery step pressed twice at once: one write.
  await page.evaluate(() => {
    const button = document.getElementById("continue-to-payment")!
    button.click()
    button.click()
  })
  await pressEnded()
  expect(writes).toEqual(["POST /store/carts/:id", "POST /store/carts/:id/shipping-methods"])
  expect(failures).toEqual({ uncaught: [], refused: [] })
  await page.locator("#pay-later:enabled").waitFor()
})

it("a 500 from the store on adding to the cart, saving the address or choosing delivery is said in words on the page; pressing again goes on", async () => {
  const failures = watchFailures()
  // Medusa's answer to a failure it does not name (a lock it could not get among them).
  const unknownError = {
    status: 500,
    contentType: "application/json",
    body: JSON.stringify({ type: "unknown_error", message: "An unknown error occurred." }),
  }
  // The next POST to `pattern` fails; its GETs (the page reading the cart) go through.
  const failOnce = async (pattern: string) => {
    let failed = false
    await page.route(pattern, async (route: Route) => {
      if (failed || route.request().method() !== "POST") return route.fallback()
      failed = true
      await route.fulfill(unknownError)
    })
  }
  const said = "That did not go through: An unknown error occurred. Please try again."
  const failsInWords = async (button: string) => {
    await page.locator(button).click()
    await page.locator("#error-message").waitFor()
    expect(await page.locator("#error-message").textContent()).toBe(said)
    expect(await page.locator("#error-message").getAttribute("role")).toBe("alert")
    // The button is pressable again, and the next press goes on.
    await page.locator(`${button}:enabled`).click()
  }

  await page.goto(`${stack.urls.storefront}/products/canvas-tote`)
  await failOnce(`${stack.urls.store}/store/carts/*/line-items`)
  await failsInWords("#add-to-cart")
  await page.waitForURL("**/cart")
  await page.locator("#go-to-checkout").click()
  await page.waitForURL("**/checkout")
  await failOnce(`${stack.urls.store}/store/carts/*`)
  await failsInWords("#continue-to-delivery")
  await failOnce(`${stack.urls.store}/store/carts/*/shipping-methods`)
  await failsInWords("#continue-to-payment")
  await page.locator("#pay-later:enabled").waitFor()
  expect(await page.locator("#error-message").count()).toBe(0)
  expect(failures.uncaught).toEqual([])
  await screenshot(page, "checkout-failure-then-payment")
})

it("the accessibility check itself fails on a violation (an image without a text alternative, a button without a name)", async () => {
  await page.setContent(
    '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main><img src="x.png"><button></button></main></body></html>',
  )
  const found = await accessibilityViolations(page)
  expect(found.map((line) => line.split(":")[0]).sort()).toEqual(["button-name", "image-alt"])
})

async function expectText(selector: string, text: string): Promise<void> {
  await page.locator(selector).waitFor()
  expect(await page.locator(selector).textContent()).toContain(text)
}
