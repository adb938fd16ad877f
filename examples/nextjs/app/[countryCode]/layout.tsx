import Link from "next/link"
import type { ReactNode } from "react"
import { currentCart } from "@/lib/store"

export default async function CountryLayout({ children, params }: { children: ReactNode; params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const cart = await currentCart()
  const count = cart?.items?.reduce((sum, item) => sum + item.quantity, 0) ?? 0
  return (
    <>
      <header>
        <Link href={`/${countryCode}`}>Demo Store</Link>
        <Link href={`/${countryCode}/cart`} id="cart-link">
          Cart (<span id="cart-count">{count}</span>)
        </Link>
      </header>
      <main>{children}</main>
    </>
  )
}
