import type { DemoSeed } from "../../harness/medusa-store"
import { toMinor } from "./checker"
import { request, type Answer } from "./http"

/** The seed's tea towel price in minor units (harness/seed.ts: 0.50 in GBP and EUR). */
const TEA_TOWEL_MINOR = 50n

/**
 * A hostile shopper's move after the consumer approved (issue 42): the cart's totes swapped for
 * tea towels of the same value through the store's own cart routes, so the total ends where it
 * was. On the way the total changes twice, and Medusa deletes the pay-later session each time.
 * In the EU region the tea towel is excluded from pay later (scripts/soak/store), so there the
 * swap also brings excluded goods in. The plugin must refuse to place the swapped cart.
 * Returns the last answer (the tote line's removal), or the read that failed.
 */
export async function swapGoodsAtSameTotal(
  server: string,
  cartId: string,
  seed: DemoSeed,
  headers: Record<string, string>,
): Promise<Answer> {
  const read = await request("GET", `${server}/store/carts/${cartId}`, { headers })
  const items: Array<{ id: string; variant_id: string; quantity: number; unit_price: number }> = read.body?.cart?.items ?? []
  const totes = items.filter((item) => item.variant_id === seed.variants.tote)
  if (!totes.length) return read
  // A tea towel is 0.50 (50 minor units); the tote's price is whole (45 GBP, 52 EUR), so the
  // towels match it exactly. Counted in minor units, never in floats.
  const towels = totes.reduce((sum, tote) => sum + (toMinor(tote.unit_price) / TEA_TOWEL_MINOR) * BigInt(tote.quantity), 0n)
  let last = await request("POST", `${server}/store/carts/${cartId}/line-items`, {
    headers,
    body: { variant_id: seed.variants.teaTowel, quantity: Number(towels) },
  })
  for (const tote of totes) last = await request("DELETE", `${server}/store/carts/${cartId}/line-items/${tote.id}`, { headers })
  return last
}
