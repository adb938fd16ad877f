import { redirect } from "next/navigation"
import { fetchCartEligibility, readPayLaterReturn } from "medusa-payment-bnpl-storefront"
import { PayLaterButton, PayLaterMessage, PayLaterProcessing, PayLaterReturnNotice } from "medusa-payment-bnpl-storefront/react"
import { payLaterStatus, retryPayLater, saveDelivery, startPayLater } from "@/lib/actions"
import { orderUrl, storeConfig } from "@/lib/config"
import { money } from "@/lib/format"
import { currentCart, shippingOptions } from "@/lib/store"

type SearchParams = Promise<Record<string, string | string[] | undefined>>

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ countryCode: string }>
  searchParams: SearchParams
}) {
  const { countryCode } = await params
  const query = await searchParams
  const cart = await currentCart()
  if (!cart?.items?.length) redirect(`/${countryCode}/cart`)

  if (query.step !== "payment" || !cart.shipping_methods?.length) {
    // Cheapest first, so the prefilled form picks standard delivery.
    const options = (await shippingOptions(cart.id)).sort((a, b) => a.amount - b.amount)
    return (
      <form className="card" action={saveDelivery.bind(null, countryCode)} id="delivery">
        <h1>Delivery</h1>
        {/* Prefilled so that a demo and its browser test go straight through. */}
        <label>
          E-mail <input name="email" type="email" defaultValue={cart.email ?? "ada@example.com"} required />
        </label>
        <label>
          First name <input name="first_name" defaultValue="Ada" required />
        </label>
        <label>
          Last name <input name="last_name" defaultValue="Lovelace" required />
        </label>
        <label>
          Address <input name="address_1" defaultValue="12 St James's Square" required />
        </label>
        <label>
          City <input name="city" defaultValue="London" required />
        </label>
        <label>
          Postcode <input name="postal_code" defaultValue="SW1Y 4JH" required />
        </label>
        <label>
          Phone <input name="phone" defaultValue="+44 20 7946 0958" />
        </label>
        <label>
          Delivery
          <select name="shipping_option_id">
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({money(option.amount, cart.currency_code)})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" id="continue-to-payment">
          Continue to payment
        </button>
      </form>
    )
  }

  const returned = readPayLaterReturn(query)
  const eligibility = await fetchCartEligibility(storeConfig(), cart.id)
  const orderPage = orderUrl(countryCode)
  return (
    <div className="card" id="payment">
      <h1>Payment</h1>
      <p>
        Total <span id="checkout-total">{money(cart.total, cart.currency_code)}</span>
      </p>
      {returned.kind === "processing" ? (
        <PayLaterProcessing check={payLaterStatus} orderUrl={orderPage} start={startPayLater} retry={retryPayLater} />
      ) : returned.kind === "error" ? (
        <PayLaterReturnNotice reason={returned.reason} start={startPayLater} retry={retryPayLater} orderUrl={orderPage} />
      ) : null}
      {eligibility.eligible ? (
        returned.kind === "none" ? (
          <PayLaterButton start={startPayLater}>Pay later</PayLaterButton>
        ) : null
      ) : (
        <div id="pay-later-unavailable" data-reason={eligibility.reason}>
          <PayLaterMessage amount={cart.total} currency={cart.currency_code} limits={eligibility} outside="reason" locale="en-GB" />
        </div>
      )}
    </div>
  )
}
