import Link from "next/link"
import { money } from "@/lib/format"
import { listProducts, regionFor } from "@/lib/store"

export default async function Home({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const region = await regionFor(countryCode)
  const products = region ? await listProducts(region.id) : []
  return (
    <>
      <h1>Products</h1>
      {products.map((product) => {
        const price = product.variants[0]?.calculated_price
        return (
          <div className="card" key={product.id}>
            <Link href={`/${countryCode}/products/${product.handle}`}>{product.title}</Link>
            {price ? <span> · {money(price.calculated_amount, price.currency_code)}</span> : null}
          </div>
        )
      })}
    </>
  )
}
