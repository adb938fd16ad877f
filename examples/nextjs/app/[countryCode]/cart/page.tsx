import Link from "next/link"
import { fetchLimits } from "medusa-payment-bnpl-storefront"
import { PayLaterExpressButton, PayLaterMessage } from "medusa-payment-bnpl-storefront/react"
import { expressLibraryUrl, storeConfig } from "@/lib/config"
import { money } from "@/lib/format"
import { currentCart } from "@/lib/store"

export default async function CartPage({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const cart = await currentCart()
  if (!cart?.items?.length) return <p id="cart-empty">Your cart is empty.</p>
  const limits = await fetchLimits(storeConfig(), { currencyCode: cart.currency_code, amount: cart.total })
  const libraryUrl = expressLibraryUrl()
  return (
    <div className="card">
      <h1>Cart</h1>
      <table>
        <tbody>
          {cart.items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.product_title ?? item.title} × {item.quantity}
              </td>
              <td>{money(item.total, cart.currency_code)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="price">
        Total <span id="cart-total">{money(cart.total, cart.currency_code)}</span>
      </p>
      <PayLaterMessage
        className="pay-later"
        amount={cart.total}
        currency={cart.currency_code}
        limits={limits}
        outside="reason"
        locale="en-GB"
      />
      <Link href={`/${countryCode}/checkout`} id="go-to-checkout">
        <button type="button">Checkout</button>
      </Link>
      {/* Express: this cart, in the service's popup; the landing route then drops the cart cookie. */}
      {libraryUrl && (
        <PayLaterExpressButton
          config={storeConfig()}
          libraryUrl={libraryUrl}
          countryCode={countryCode}
          cartId={cart.id}
          amount={cart.total}
          currencyCode={cart.currency_code}
          limits={limits}
          orderPath={`/${countryCode}/pay-later/landing?order_id={order_id}`}
          className="express"
        />
      )}
    </div>
  )
}
