import { notFound } from "next/navigation"
import { fetchLimits } from "medusa-payment-bnpl-storefront"
import { PayLaterExpressButton, PayLaterMessage } from "medusa-payment-bnpl-storefront/react"
import { addToCart } from "@/lib/actions"
import { expressLibraryUrl, orderUrl, storeConfig } from "@/lib/config"
import { money } from "@/lib/format"
import { productByHandle, regionFor } from "@/lib/store"

export default async function ProductPage({ params }: { params: Promise<{ countryCode: string; handle: string }> }) {
  const { countryCode, handle } = await params
  const region = await regionFor(countryCode)
  const product = region ? await productByHandle(handle, region.id) : undefined
  if (!product) notFound()
  const variant = product.variants[0]
  const price = variant.calculated_price!
  // The limits for the currency, read on the server: the message is in the first paint.
  const limits = await fetchLimits(storeConfig(), { currencyCode: price.currency_code })
  const libraryUrl = expressLibraryUrl()
  return (
    <div className="card">
      <h1 id="product-title">{product.title}</h1>
      <p className="price" id="product-price">
        {money(price.calculated_amount, price.currency_code)}
      </p>
      <PayLaterMessage
        className="pay-later"
        amount={price.calculated_amount}
        currency={price.currency_code}
        limits={limits}
        instalments={Number(process.env.BNPL_INSTALMENTS) || undefined}
        outside="reason"
        locale="en-GB"
      />
      <form action={addToCart.bind(null, countryCode)}>
        <input type="hidden" name="variant_id" value={variant.id} />
        <button type="submit" id="add-to-cart">
          Add to cart
        </button>
      </form>
      {/* Express: buys this variant in a cart of its own, in the service's popup; the basket is left alone. */}
      {libraryUrl && (
        <PayLaterExpressButton
          config={storeConfig()}
          libraryUrl={libraryUrl}
          countryCode={countryCode}
          regionId={region!.id}
          variantId={variant.id}
          amount={price.calculated_amount}
          currencyCode={price.currency_code}
          limits={limits}
          orderPath={orderUrl(countryCode)}
          className="express"
        />
      )}
    </div>
  )
}
