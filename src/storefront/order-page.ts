// The return route completes the cart on the server, so the storefront must remove the cart cookie itself.
import { shopperText, type LocaleChoice, type ShopperTextKey, type ShopperTexts } from "./texts"

/** The Medusa starters' cart cookie. */
export const CART_COOKIE_NAME = "_medusa_cart_id"

/** Cart cookie options; `lax`, since a `strict` cookie is not sent on the redirect back from the service. */
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

/** Removes the cart cookie; call it where a cookie may change (Next.js: a Route Handler or Server Action). */
export function clearCartCookie(cookies: CookieStoreLike, name: string = CART_COOKIE_NAME): void {
  cookies.delete(name)
}

/** A `Set-Cookie` header value that removes the cart cookie, for frameworks without a cookie API. */
export function expiredCartCookieHeader(name: string = CART_COOKIE_NAME): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`
}

/** A path from a template with `{order_id}` and `{country_code}`, as `storefrontOrderPath` is written. */
export function orderPagePath(template: string, values: { orderId: string; countryCode?: string }): string {
  const withCountry = values.countryCode ? template : template.replace(/\/\{country_code\}(?=\/|\?|#|$)/g, "")
  return withCountry
    .replace(/\{order_id\}/g, encodeURIComponent(values.orderId))
    .replace(/\{country_code\}/g, encodeURIComponent(values.countryCode ?? ""))
}

/**
 * The label of an order's payment status in `locale` (default en-GB). `authorized` is "approved",
 * never "paid": the money is taken only when the merchant captures.
 */
export function paymentStatusLabel(paymentStatus: string | undefined, locale?: LocaleChoice, messages?: ShopperTexts): string {
  return shopperText(PAYMENT_STATUS_TEXTS[paymentStatus ?? ""] ?? "statusAwaiting", locale, { texts: messages })
}

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
 * A Route Handler (`Request` -> `Response`) for `storefrontOrderPath`: `export const GET =
 * orderLandingHandler()`. It removes the cart cookie and answers 303 to `confirmedPath`;
 * without `order_id`, to the home page.
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
      headers: {
        location: new URL(target, url).toString(),
        "set-cookie": expiredCartCookieHeader(options.cookieName),
        "cache-control": "no-store",
      },
    })
  }
}

/** `orderLandingHandler()` with its defaults: `export { orderLanding as GET } from "medusa-payment-bnpl-storefront"`. */
export const orderLanding: (request: Request) => Response = /* @__PURE__ */ orderLandingHandler()
