import { formatAmount, messageFor, readPayLaterReturn, readPaymentLink, startPayLaterForPaymentLink } from "medusa-payment-bnpl-storefront"
import { PayLaterButton, PayLaterMessage } from "medusa-payment-bnpl-storefront/react"
import { storeConfig } from "@/lib/config"

type SearchParams = Promise<Record<string, string | string[] | undefined>>

/**
 * The page behind Medusa's payment link (the admin's "Copy payment link":
 * `/payment-collection/{id}?order_id={order_id}`, to which middleware.ts adds the country):
 * what an order still owes after an edit, exchange or claim, paid later. The plugin's return
 * route brings the shopper back here with `bnpl_error` / `bnpl_status`, or to the order page.
 */
export default async function PaymentLinkPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params
  const query = await searchParams
  const orderId = typeof query.order_id === "string" ? query.order_id : ""
  const read = await readPaymentLink(storeConfig(), id, orderId)
  if ("error" in read)
    return (
      <div className="card" id="payment-link-error">
        {read.error.message}
      </div>
    )
  const { payment_collection: owed, order, pay_later: offer } = read.link
  const amount = (minor: number) => formatAmount(BigInt(minor), owed.currency_code, "en-GB")
  const returned = readPayLaterReturn(query)
  const start = async () => {
    "use server"
    return startPayLaterForPaymentLink(storeConfig(), id, { providerId: offer.provider_id })
  }
  return (
    <div className="card">
      <h1 id="payment-link">
        Order #{order.display_id}: <span id="amount-owed">{amount(owed.amount_minor)}</span> to pay
      </h1>
      {returned.kind === "error" ? (
        <p className="error" id="pay-later-return">
          {messageFor(returned.reason)}
        </p>
      ) : null}
      {returned.kind === "processing" ? (
        <p id="pay-later-processing">Your payment is being confirmed. Refresh this page in a moment.</p>
      ) : null}
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            {item.quantity} × {item.title}, {amount(item.unit_price_minor)}
          </li>
        ))}
      </ul>
      {!owed.payable ? (
        <p>Nothing is owed on this order.</p>
      ) : offer.eligible ? (
        <PayLaterButton start={start}>Pay later</PayLaterButton>
      ) : (
        <div id="pay-later-unavailable" data-reason={offer.reason}>
          <PayLaterMessage amount={owed.amount} currency={owed.currency_code} limits={offer} outside="reason" locale="en-GB" />
        </div>
      )}
    </div>
  )
}
