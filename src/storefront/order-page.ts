/**
 * The order landing page. The return route completes the cart on the server, so nothing in
 * the storefront has removed its cart cookie as the starters' `placeOrder()` does; and the
 * shopper arrives from the service's site, which a `sameSite: "strict"` cookie does not follow.
 */
import { shopperText, type LocaleChoice, type ShopperTextKey, type ShopperTexts } from "./texts"

/** The Medusa starters' cart cookie. */
export const CART_COOKIE_NAME = "_medusa_cart_id"

/**
 * Options for the cart cookie that survive the return from the service's site: `lax` is sent
 * on a top-level navigation from another site (the redirect back), `strict` is not, and the
 * shopper would land on a checkout without a cart.
 */
export const CART_COOKIE_OPTIONS = Object.freeze({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  maxAge: 60 * 60 * 24 * 7,
})

/** Anything with a `delete(name)`: Next.js's `await cookies()`, or an adapter for another framework. */
export interface CookieStoreLike {
  delete(name: string): unknown
}

/**
 * Removes the cart cookie on the order landing page, so the next visit starts a new cart.
 * Call it where the framework lets a cookie change (in Next.js: a Route Handler or a Server
 * Action, not a page render).
 */
export function clearCartCookie(cookies: CookieStoreLike, name: string = CART_COOKIE_NAME): void {
  cookies.delete(name)
}

/** A `Set-Cookie` header value that removes the cart cookie, for frameworks without a cookie API. */
export function expiredCartCookieHeader(name: string = CART_COOKIE_NAME): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`
}

/**
 * A storefront path from a template with `{order_id}` and `{country_code}`, as the plugin's
 * `storefrontOrderPath` is written: `/{country_code}/order/{order_id}/confirmed`.
 */
export function orderPagePath(template: string, values: { orderId: string; countryCode?: string }): string {
  const withCountry = values.countryCode ? template : template.replace(/\/\{country_code\}(?=\/|\?|#|$)/g, "")
  return withCountry
    .replace(/\{order_id\}/g, encodeURIComponent(values.orderId))
    .replace(/\{country_code\}/g, encodeURIComponent(values.countryCode ?? ""))
}

/**
 * What to say about an order's payment, in the shopper's locale (`shopperLocale`; default
 * en-GB). A pay later order is authorised, not paid, until the merchant captures: an order
 * page that says "paid" for `authorized` tells the shopper something untrue.
 */
export function paymentStatusLabel(paymentStatus: string | undefined, locale?: LocaleChoice, messages?: ShopperTexts): string {
  return shopperText(PAYMENT_STATUS_TEXTS[paymentStatus ?? ""] ?? "statusAwaiting", locale, { texts: messages })
}

// Medusa's payment statuses -> the text key of what the shopper reads.
const PAYMENT_STATUS_TEXTS: Readonly<Record<string, ShopperTextKey>> = {
  captured: "statusPaid",
  completed: "statusPaid",
  partially_captured: "statusPartlyPaid",
  authorized: "statusApproved",
  partially_authorized: "statusApproved",
  refunded: "statusRefunded",
  partially_refunded: "statusPartlyRefunded",
  canceled: "statusCancelled",
}

/** Options of `orderLandingHandler`. */
export interface OrderLandingOptions {
  /** The confirmation page, with `{order_id}` and `{country_code}`; default "/{country_code}/order/{order_id}/confirmed". */
  confirmedPath?: string
  /** Default `_medusa_cart_id`. */
  cookieName?: string
}

/**
 * A Route Handler (Web `Request` -> `Response`, as Next.js App Router, Remix and others take
 * it) for the plugin's `storefrontOrderPath`, e.g.
 * `storefrontOrderPath: "/{country_code}/pay-later/landing?order_id={order_id}"` and, in
 * Next.js, `app/[countryCode]/pay-later/landing/route.ts`:
 * `export const GET = orderLandingHandler()`. It removes the cart cookie (the backend completed
 * the cart) and answers 303 to the confirmation page. The country is the path's first segment
 * when it is two letters. A request without `order_id` goes to the storefront's home page.
 */
export function orderLandingHandler(options: OrderLandingOptions = {}): (request: Request) => Response {
  const confirmedPath = options.confirmedPath ?? "/{country_code}/order/{order_id}/confirmed"
  return (request: Request) => {
    const url = new URL(request.url)
    const orderId = url.searchParams.get("order_id") ?? ""
    const first = url.pathname.split("/")[1] ?? ""
    const countryCode = /^[a-z]{2}$/i.test(first) ? first.toLowerCase() : undefined
    const target = /^[\w-]{1,100}$/.test(orderId) ? orderPagePath(confirmedPath, { orderId, countryCode }) : `/${countryCode ?? ""}`
    return new Response(null, {
      status: 303,
      headers: { location: new URL(target, url).toString(), "set-cookie": expiredCartCookieHeader(options.cookieName), "cache-control": "no-store" },
    })
  }
}

/**
 * `orderLandingHandler()` with its defaults, for a one-line route file:
 * `export { orderLanding as GET } from "medusa-payment-bnpl-storefront"`.
 */
export const orderLanding: (request: Request) => Response = /* @__PURE__ */ orderLandingHandler()
