import { cookies } from "next/headers"
import { CART_COOKIE_NAME, storeRequest } from "medusa-payment-bnpl-storefront"
import { storeConfig } from "./config"

/** The few store reads this example needs, over the kit's `storeRequest`. */

export interface Region {
  id: string
  currency_code: string
  countries?: Array<{ iso_2: string }>
}

export interface Product {
  id: string
  title: string
  handle: string
  variants: Array<{ id: string; title: string; calculated_price?: { calculated_amount: number; currency_code: string } }>
}

export interface Cart {
  id: string
  email?: string | null
  currency_code: string
  total: number
  item_total: number
  shipping_total: number
  region_id: string
  completed_at?: string | null
  items?: Array<{ id: string; title: string; product_title?: string; quantity: number; unit_price: number; total: number }>
  shipping_address?: { country_code?: string | null } | null
  shipping_methods?: Array<{ id: string; name: string }>
}

export interface Order {
  id: string
  display_id: number
  email: string
  currency_code: string
  total: number
  payment_status: string
  items?: Array<{ id: string; title: string; product_title?: string; quantity: number }>
}

async function read<T>(path: string, query?: Record<string, string>): Promise<T | undefined> {
  const { status, body } = await storeRequest<T>(storeConfig(), path, { query })
  return status === 200 ? body : undefined
}

export async function regionFor(countryCode: string): Promise<Region | undefined> {
  const body = await read<{ regions: Region[] }>("/store/regions", { fields: "id,currency_code,*countries" })
  return body?.regions.find((region) => region.countries?.some((country) => country.iso_2 === countryCode))
}

export async function listProducts(regionId: string): Promise<Product[]> {
  const body = await read<{ products: Product[] }>("/store/products", {
    region_id: regionId,
    fields: "id,title,handle,*variants.calculated_price",
    order: "title",
  })
  return body?.products ?? []
}

export async function productByHandle(handle: string, regionId: string): Promise<Product | undefined> {
  const body = await read<{ products: Product[] }>("/store/products", {
    handle,
    region_id: regionId,
    fields: "id,title,handle,*variants.calculated_price",
  })
  return body?.products[0]
}

export async function cartIdFromCookie(): Promise<string | undefined> {
  return (await cookies()).get(CART_COOKIE_NAME)?.value
}

export async function currentCart(): Promise<Cart | undefined> {
  const id = await cartIdFromCookie()
  if (!id) return undefined
  const body = await read<{ cart: Cart }>(`/store/carts/${id}`, {
    fields: "id,email,currency_code,total,item_total,shipping_total,region_id,completed_at,*items,*shipping_address,*shipping_methods",
  })
  return body?.cart && !body.cart.completed_at ? body.cart : undefined
}

export async function shippingOptions(cartId: string): Promise<Array<{ id: string; name: string; amount: number }>> {
  const body = await read<{ shipping_options: Array<{ id: string; name: string; amount: number }> }>("/store/shipping-options", {
    cart_id: cartId,
  })
  return body?.shipping_options ?? []
}

export async function orderById(id: string): Promise<Order | undefined> {
  const body = await read<{ order: Order }>(`/store/orders/${id}`, {
    fields: "id,display_id,email,currency_code,total,payment_status,*items",
  })
  return body?.order
}
