import { orderLandingHandler } from "medusa-payment-bnpl-storefront"

/**
 * The plugin's `storefrontOrderPath` ("/{country_code}/pay-later/landing?order_id={order_id}"):
 * the backend completed the cart, so this drops the cart cookie (a Route Handler may; a page
 * may not) and answers 303 to /{country_code}/order/{order_id}/confirmed.
 */
export const GET = orderLandingHandler()
