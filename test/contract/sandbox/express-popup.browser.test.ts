/**
 * The sandbox's express library and popup in a real browser (Debian's Chromium through
 * playwright-core, test/e2e/browser.ts), against a tiny shop page served by this test on
 * another origin: the popup opens from a click, the consumer's address reaches the page, the
 * page's shipping options (or its rejection) reach the popup, and Confirm or Cancel reach the
 * page's onComplete, all by postMessage between the two origins.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { startSandbox, type Sandbox } from "../../../src/sandbox"
import { launchChromium, screenshot } from "../../e2e/browser"
import { asMerchant, expressCheckoutBody, shippingOption } from "./express-http"

jest.setTimeout(60_000)

let sandbox: Sandbox
let shop: Server
let shopUrl: string
let browser: Browser
let context: BrowserContext
let page: Page

const OPTIONS = [shippingOption("so_standard", "3.95", "43.95"), shippingOption("so_next_day", "9.95", "49.95")]

/** The shop's page: the library from the sandbox, one button, and the four callbacks recording what they were given. */
function shopPage(): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Shop</title>
<script src="${sandbox.url}/express/library.js"></script></head>
<body><button id="express">Pay later, express</button>
<script>
  window.events = [];
  var OPTIONS = ${JSON.stringify(OPTIONS)};
  BnplExpress.initializeForPopup({
    countryCode: "GB",
    onCommenceCheckout: function (actions) {
      if (window.refuseToStart) return actions.reject("cart_not_found");
      fetch("/token", { method: "POST" }).then(function (response) { return response.json(); })
        .then(function (body) { actions.resolve(body.token); }, function () { actions.reject("SERVICE_UNAVAILABLE"); });
    },
    onShippingAddressChange: function (data, actions) {
      window.events.push({ type: "address", countryCode: data.countryCode, postcode: data.postcode });
      if (data.countryCode !== "GB") return actions.reject("SHIPPING_ADDRESS_UNSUPPORTED");
      setTimeout(function () { actions.resolve(OPTIONS); }, 50);
    },
    onShippingOptionChange: function (option) { window.events.push({ type: "option", id: option.id }); },
    onComplete: function (event) { window.events.push({ type: "complete", data: event.data }); window.completed = event.data; }
  });
  document.getElementById("express").addEventListener("click", function () { BnplExpress.open(); });
</script></body></html>`
}

/** The shop's server: the page, and `POST /token` creating an express checkout with this origin as popupOriginUrl. */
async function startShop(): Promise<void> {
  shop = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/token") {
      const body = expressCheckoutBody({ merchant: { popupOriginUrl: `${shopUrl}/shop`, name: "Browser Shop" } })
      asMerchant(sandbox, "POST", "/v2/checkouts", body).then((created) => {
        res.writeHead(created.status, { "content-type": "application/json" }).end(JSON.stringify(created.json))
      })
      return
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(shopPage())
  })
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve))
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`
}

beforeAll(async () => {
  // The sandbox and the shop on two ports: two origins, as the service and a storefront are.
  sandbox = await startSandbox()
  await startShop()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => shop?.close(resolve))
  await sandbox?.close()
})
beforeEach(async () => {
  sandbox.control.reset()
  context = await browser.newContext()
  page = await context.newPage()
  await page.goto(`${shopUrl}/shop`)
})
afterEach(async () => {
  await context.close()
})

async function openPopup(): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#express")])
  await popup.waitForURL(/\/express\/popup\/001\./)
  return popup
}

const pageState = <T>(expression: string): Promise<T> => page.evaluate(expression) as Promise<T>

it("opens from a click; an unserved address gets the page's rejection; a GB address gets its options; Confirm reaches onComplete with SUCCESS", async () => {
  const popup = await openPopup()
  const token = decodeURIComponent(new URL(popup.url()).pathname.split("/").pop()!)

  await popup.getByTestId("express-address-us-new-york").click()
  await popup.locator('#express-status[data-reason="SHIPPING_ADDRESS_UNSUPPORTED"]').waitFor()
  expect(await popup.getByTestId("express-status").textContent()).toBe("The shop does not deliver to this address. Choose another one.")
  expect(await popup.getByTestId("express-confirm").isDisabled()).toBe(true)

  await popup.getByTestId("express-address-gb-london").click()
  await popup.getByTestId("express-option-1").waitFor()
  expect(await popup.getByTestId("express-option-1").textContent()).toContain("Order total £49.95")
  await popup.getByTestId("express-option-1").click()
  expect(await popup.getByTestId("express-total").textContent()).toBe("£49.95")
  await screenshot(popup, "sandbox-express-popup")

  await Promise.all([popup.waitForEvent("close"), popup.getByTestId("express-confirm").click()])
  await page.waitForFunction("window.completed !== undefined")
  expect(await pageState("window.completed")).toEqual({ status: "SUCCESS", orderToken: token })
  expect(await pageState("window.events")).toEqual([
    { type: "address", countryCode: "US", postcode: "10118" },
    { type: "address", countryCode: "GB", postcode: "NW1 6XE" },
    { type: "option", id: "so_next_day" },
    { type: "complete", data: { status: "SUCCESS", orderToken: token } },
  ])

  const checkout = await asMerchant(sandbox, "GET", `/v2/checkouts/${token}`)
  expect(checkout.json).toMatchObject({
    shippingOptionIdentifier: "so_next_day",
    amount: { amount: "49.95", currency: "GBP" },
    shipping: { postcode: "NW1 6XE", countryCode: "GB" },
    consumer: { email: "alice.express@example.com" },
  })
})

it("Cancel in the popup reaches onComplete with CANCELLED; a page that rejects the start closes the popup with its reason", async () => {
  const popup = await openPopup()
  const token = decodeURIComponent(new URL(popup.url()).pathname.split("/").pop()!)
  await Promise.all([popup.waitForEvent("close"), popup.getByTestId("express-cancel").click()])
  await page.waitForFunction("window.completed !== undefined")
  expect(await pageState("window.completed")).toEqual({ status: "CANCELLED", orderToken: token })
  const auth = await asMerchant(sandbox, "POST", "/v2/payments/auth", { token, amount: { amount: "40.00", currency: "GBP" } })
  expect(auth.status).toBe(412)

  await page.evaluate("window.completed = undefined; window.refuseToStart = true")
  const [refused] = await Promise.all([page.waitForEvent("popup"), page.click("#express")])
  await page.waitForFunction("window.completed !== undefined")
  expect(await pageState("window.completed")).toEqual({ status: "CANCELLED", reason: "cart_not_found" })
  expect(refused.isClosed() || (await refused.waitForEvent("close").then(() => true))).toBe(true)
})
