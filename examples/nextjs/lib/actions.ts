"use server"

import { cookies } from "next/headers"
import { redirect } from "next/navigation"
import {
  CART_COOKIE_NAME,
  CART_COOKIE_OPTIONS,
  completePayLaterCart,
  fetchPayLaterCartStatus,
  startPayLaterCheckout,
  storeRequest,
  type CompleteCartResult,
  type PayLaterCartStatus,
  type StartCheckoutResult,
} from "medusa-payment-bnpl-storefront"
import { storeConfig } from "./config"
import { cartIdFromCookie, regionFor, shippingOptions } from "./store"

/** Adds a variant to the shopper's cart (creating the cart first) and opens the cart page. */
export async function addToCart(countryCode: string, formData: FormData): Promise<void> {
  const variantId = String(formData.get("variant_id") ?? "")
  let cartId = await cartIdFromCookie()
  if (!cartId) {
    const region = await regionFor(countryCode)
    const created = await storeRequest<{ cart: { id: string } }>(storeConfig(), "/store/carts", {
      method: "POST",
      body: { region_id: region?.id },
    })
    cartId = created.body?.cart.id
    if (!cartId)
      throw new Error("The cart could not be created.")
      // `lax`, not the starters' `strict`: the shopper comes back from the pay later service's
      // site, and a strict cookie would not be sent on that navigation.
    ;(await cookies()).set(CART_COOKIE_NAME, cartId, CART_COOKIE_OPTIONS)
  }
  await storeRequest(storeConfig(), `/store/carts/${cartId}/line-items`, {
    method: "POST",
    body: { variant_id: variantId, quantity: 1 },
  })
  redirect(`/${countryCode}/cart`)
}

/** The delivery step: e-mail, address and the chosen shipping option, then the payment step. */
export async function saveDelivery(countryCode: string, formData: FormData): Promise<void> {
  const cartId = await cartIdFromCookie()
  if (!cartId) redirect(`/${countryCode}/cart`)
  const field = (name: string) => String(formData.get(name) ?? "").trim()
  const address = {
    first_name: field("first_name"),
    last_name: field("last_name"),
    address_1: field("address_1"),
    city: field("city"),
    postal_code: field("postal_code"),
    country_code: countryCode,
    phone: field("phone"),
  }
  await storeRequest(storeConfig(), `/store/carts/${cartId}`, {
    method: "POST",
    body: { email: field("email"), shipping_address: address, billing_address: address },
  })
  const options = await shippingOptions(cartId!)
  const optionId = field("shipping_option_id") || options[0]?.id
  if (optionId) {
    await storeRequest(storeConfig(), `/store/carts/${cartId}/shipping-methods`, { method: "POST", body: { option_id: optionId } })
  }
  redirect(`/${countryCode}/checkout?step=payment`)
}

/** The pay button's action: the kit returns `{ redirectUrl }` or `{ error }`, never throws. */
export async function startPayLater(): Promise<StartCheckoutResult> {
  const cartId = await cartIdFromCookie()
  if (!cartId) return { error: { reason: "cart_not_found", message: "Your basket could not be found. Please start again." } }
  return startPayLaterCheckout(storeConfig(), cartId)
}

/** "Try again" with the same session, after a failure that may hide an approval. */
export async function retryPayLater(): Promise<CompleteCartResult> {
  const cartId = await cartIdFromCookie()
  if (!cartId)
    return { error: { reason: "invalid_return", message: "We could not find your basket. Please check your basket and pay again." } }
  return completePayLaterCart(storeConfig(), cartId)
}

/** The processing view's poll. */
export async function payLaterStatus(): Promise<PayLaterCartStatus> {
  const cartId = await cartIdFromCookie()
  if (!cartId) return { status: "failed", reason: "invalid_return" }
  return fetchPayLaterCartStatus(storeConfig(), cartId)
}
