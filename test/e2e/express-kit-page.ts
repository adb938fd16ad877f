import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Sandbox } from "../../src/sandbox"
import { asMerchant, expressCheckoutBody, shippingOption } from "../contract/sandbox/express-http"

const ROOT = path.resolve(__dirname, "../..")

/** The two options the stand-in store offers a GB address: Standard £4.95 and Express £9.95 on a £40.00 cart. */
export const STAND_IN_OPTIONS = [shippingOption("so_standard", "4.95", "44.95"), shippingOption("so_express", "9.95", "49.95")]

/** What the stand-in store received on its express routes. */
export interface StandInRequest {
  path: string
  origin?: string
  body: any
}

/**
 * A page with `<PayLaterExpressButton>` from the kit's built React bundle (React 18 from its
 * UMD files, through an import map) and, on the same origin, a stand-in for the plugin's three
 * express store routes that makes real express checkouts at the sandbox (Create Checkout with
 * the request's `Origin` as `popupOriginUrl`) and completes from Get Checkout. The button, the
 * service's library and the popup are the real ones; only Medusa is left out, so the
 * component's click path runs in a browser in seconds.
 */
export class ExpressKitPage {
  readonly requests: StandInRequest[] = []
  url = ""
  private server?: Server

  constructor(private readonly sandbox: Sandbox) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response))
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve())
    this.server?.closeAllConnections()
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.url)
    const send = (status: number, type: string, body: string): void => {
      response.writeHead(status, { "content-type": type }).end(body)
    }
    const json = (status: number, body: unknown) => send(status, "application/json", JSON.stringify(body))
    if (request.method === "GET" && url.pathname === "/cart") return send(200, "text/html", this.page())
    if (request.method === "GET" && url.pathname === "/components")
      return send(200, "text/html", this.componentsPage(url.searchParams.get("locale") ?? "en-GB"))
    if (request.method === "GET" && url.pathname.startsWith("/order/"))
      return send(200, "text/html", `<h1 id="order">${url.pathname.slice(7)}</h1>`)
    const file = FILES[url.pathname]
    if (request.method === "GET" && file) return send(200, "text/javascript", file())
    const express = /^\/store\/bnpl\/carts\/([\w-]+)\/express(\/shipping-options|\/complete)?$/.exec(url.pathname)
    if (request.method !== "POST" || !express) return json(404, { type: "not_found", message: `no route ${url.pathname}` })
    const body = JSON.parse((await readBody(request)) || "{}")
    this.requests.push({ path: url.pathname, origin: request.headers.origin, body })
    if (!express[2]) {
      const created = await asMerchant(
        this.sandbox,
        "POST",
        "/v2/checkouts",
        expressCheckoutBody({ merchant: { popupOriginUrl: `${request.headers.origin}/cart` } }),
      )
      return created.status === 201
        ? json(200, { token: created.json.token })
        : json(503, { reason: "service_unavailable", message: created.text })
    }
    if (express[2] === "/shipping-options") {
      return json(200, body.countryCode === "GB" ? { shipping_options: STAND_IN_OPTIONS } : { rejection: "SHIPPING_ADDRESS_UNSUPPORTED" })
    }
    const checkout = await asMerchant(this.sandbox, "GET", `/v2/checkouts/${encodeURIComponent(body.orderToken)}`)
    const chosen = checkout.json?.shippingOptionIdentifier
    return chosen ? json(200, { order_id: `order_${chosen}` }) : json(409, { reason: "not_confirmed", message: "Not confirmed." })
  }

  /**
   * The kit's five components on one page, in `locale`, with stand-in actions: the pay button's
   * start answers `service_unavailable`, the notice shows a cancel, the processing view keeps
   * polling. For the accessibility checks: the page's own markup is minimal, the kit's is `#kit`.
   */
  private componentsPage(locale: string): string {
    const limits = { eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "EUR" }
    const express = {
      config: { baseUrl: this.url, publishableKey: "pk_test" },
      libraryUrl: `${this.sandbox.url}/express/library.js`,
      countryCode: "fr",
      cartId: "cart_kit",
      amount: "40.00",
      currencyCode: "eur",
      limits,
      locale,
    }
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The kit's components</title>
<script type="importmap">{"imports":{"react":"/shim/react.mjs","react/jsx-runtime":"/shim/jsx-runtime.mjs"}}</script>
<script src="/umd/react.js"></script><script src="/umd/react-dom.js"></script></head>
<body><main><h1>Checkout</h1><div id="kit"></div></main><script type="module">
import { createElement as h, Fragment } from "react"
import { PayLaterButton, PayLaterExpressButton, PayLaterMessage, PayLaterProcessing, PayLaterReturnNotice } from "/kit/react.mjs"
const locale = ${JSON.stringify(locale)}
const unavailable = async () => ({ error: { reason: "service_unavailable", message: "" } })
const never = () => new Promise(() => {})
ReactDOM.createRoot(document.getElementById("kit")).render(h(Fragment, null,
  h(PayLaterMessage, { amount: "49.99", currency: "eur", limits: ${JSON.stringify(limits)}, instalments: 4, locale }),
  h(PayLaterButton, { start: unavailable, locale }),
  h(PayLaterExpressButton, ${JSON.stringify(express)}),
  h(PayLaterReturnNotice, { reason: "cancelled", start: never, orderUrl: "/order/{order_id}", locale }),
  h(PayLaterProcessing, { check: async () => ({ status: "processing" }), orderUrl: "/order/{order_id}", intervalMs: 60000, locale })))
</script></body></html>`
  }

  private page(): string {
    const props = {
      config: { baseUrl: this.url, publishableKey: "pk_test" },
      libraryUrl: `${this.sandbox.url}/express/library.js`,
      countryCode: "gb",
      cartId: "cart_kit",
      amount: "40.00",
      currencyCode: "gbp",
      limits: { eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" },
      orderPath: "/order/{order_id}",
    }
    return `<!DOCTYPE html><html><head><meta charset="utf-8">
<script type="importmap">{"imports":{"react":"/shim/react.mjs","react/jsx-runtime":"/shim/jsx-runtime.mjs"}}</script>
<script src="/umd/react.js"></script><script src="/umd/react-dom.js"></script></head>
<body><main id="root"></main><script type="module">
import { createElement } from "react"
import { PayLaterExpressButton } from "/kit/react.mjs"
ReactDOM.createRoot(document.getElementById("root")).render(createElement(PayLaterExpressButton, ${JSON.stringify(props)}))
</script></body></html>`
  }
}

// React 18 as UMD globals, and the two ES modules the kit's bundle imports, over them.
const FILES: Record<string, () => string> = {
  "/umd/react.js": () => readFileSync(path.join(ROOT, "node_modules/react/umd/react.development.js"), "utf8"),
  "/umd/react-dom.js": () => readFileSync(path.join(ROOT, "node_modules/react-dom/umd/react-dom.development.js"), "utf8"),
  "/kit/react.mjs": () => readFileSync(path.join(ROOT, "packages/storefront-kit/dist/react/index.mjs"), "utf8"),
  "/shim/react.mjs": () =>
    "const React = window.React; export default React; export const { createElement, useState, useEffect, useRef, useId, Fragment } = React\n",
  "/shim/jsx-runtime.mjs": () =>
    [
      "const React = window.React",
      "const element = (type, { children, ...props }, key) => React.createElement(type, key === undefined ? props : { ...props, key }, ...(Array.isArray(children) ? children : children === undefined ? [] : [children]))",
      "export const jsx = element, jsxs = element, Fragment = React.Fragment",
    ].join("\n"),
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = ""
    request.on("data", (chunk) => (data += chunk))
    request.on("end", () => resolve(data))
  })
}
