import type { Answer } from "./http"
import type { Prng } from "./prng"

/** One admin API call as the admin makes it (signed in, on a live server); never throws. */
export type AdminCall = (method: string, route: string, body?: unknown) => Promise<Pick<Answer, "status" | "body" | "message" | "ms">>
/** Records one history step of the action: its name, the answer, what came of it (default: the answer's message). */
export type AdminStep = (name: string, answer: Pick<Answer, "status" | "message" | "ms">, result?: string) => void

const ok = (answer: { status: number; body?: any }) => answer.status === 200 && !answer.body?.message

/**
 * Medusa's order edit as the dashboard makes it (issue 44, "After the sale"): one line's
 * quantity lowered by one or raised by one or two, then requested and confirmed. Before capture
 * the plugin keeps the shopper's approval (a lower total voids only the difference, a higher one
 * leaves the rest to Medusa's payment link). A step Medusa refuses (an order with another active
 * change, a line already fulfilled below the new quantity) ends the action, and an edit left
 * open is cancelled so the order is not stuck with an active change.
 * @returns whether the edit was confirmed.
 */
export async function editQuantity(call: AdminCall, rng: Prng, order: any, step: AdminStep): Promise<boolean> {
  const fulfilled = fulfilledQuantities(order)
  const items: Array<{ id: string; quantity: number; lowest: number }> = (order.items ?? []).map((item: any) => ({
    id: item.id,
    quantity: Number(item.quantity),
    // Medusa refuses a quantity below what was fulfilled; a line at 0 would be removed, a change the edit does not aim at.
    lowest: Math.max(1, fulfilled.get(item.id) ?? 0),
  }))
  if (!items.length) return false
  const lowerable = items.filter((line) => line.quantity > line.lowest)
  // Half lower a line that can go lower (a lower total: the plugin voids the difference), else raise one.
  const lower = lowerable.length > 0 && rng.chance(0.5)
  const item = rng.pick(lower ? lowerable : items)
  const quantity = lower ? item.quantity - 1 : item.quantity + rng.int(1, 2)
  const change = `${item.quantity} to ${quantity}`
  const started = await call("POST", "/admin/order-edits", { order_id: order.id })
  step("order edit", started, ok(started) ? `started: line ${item.id} from ${change}` : undefined)
  if (!ok(started)) return false
  // Medusa's order-edit routes take the order's id (one active change per order).
  const edit = `/admin/order-edits/${order.id}`
  for (const [name, route, body] of [
    ["order edit quantity", `${edit}/items/item/${item.id}`, { quantity }],
    ["order edit request", `${edit}/request`, {}],
    ["order edit confirm", `${edit}/confirm`, {}],
  ] as const) {
    const answer = await call("POST", route, body)
    step(name, answer, ok(answer) ? (name === "order edit confirm" ? `confirmed: quantity ${change}` : "ok") : undefined)
    if (!ok(answer)) {
      // Only an edit not yet confirmed can be cancelled; a confirm whose answer was lost may have gone through.
      if (name !== "order edit confirm") {
        const cancelled = await call("DELETE", edit)
        step("order edit cancel", cancelled, ok(cancelled) ? "cancelled" : undefined)
      }
      return false
    }
  }
  return true
}

/**
 * Medusa's exchange as the dashboard makes it, on an order with goods fulfilled: one of them
 * back (inbound, to the warehouse), one or two of a variant out (outbound), then requested
 * (Medusa confirms the exchange with the request). Before capture the plugin keeps the
 * approval; after capture a difference owed waits for the payment link and a difference due is
 * the admin's refund. A refused step ends the action and the exchange left open is cancelled.
 * @returns whether the exchange was requested.
 */
export async function exchangeOne(
  call: AdminCall,
  rng: Prng,
  order: any,
  goods: { variants: string[]; stockLocationId: string },
  step: AdminStep,
): Promise<boolean> {
  const fulfilled = fulfilledItems(order)
  if (!fulfilled.length || !goods.variants.length) return false
  const back = rng.pick(fulfilled)
  const out = { variant_id: rng.pick(goods.variants), quantity: rng.int(1, 2) }
  const started = await call("POST", "/admin/exchanges", { order_id: order.id })
  const exchangeId: string | undefined = started.body?.exchange?.id
  step("exchange", started, exchangeId ? `started ${exchangeId}: line ${back} back, ${out.quantity} of ${out.variant_id} out` : undefined)
  if (!exchangeId) return false
  const exchange = `/admin/exchanges/${exchangeId}`
  for (const [name, route, body] of [
    ["exchange inbound", `${exchange}/inbound/items`, { items: [{ id: back, quantity: 1 }], location_id: goods.stockLocationId }],
    ["exchange outbound", `${exchange}/outbound/items`, { items: [out] }],
    ["exchange request", `${exchange}/request`, {}],
  ] as const) {
    const answer = await call("POST", route, body)
    step(name, answer, ok(answer) ? (name === "exchange request" ? "confirmed" : "ok") : undefined)
    if (!ok(answer)) {
      if (name !== "exchange request") {
        const cancelled = await call("DELETE", `${exchange}/request`)
        step("exchange cancel", cancelled, ok(cancelled) ? "cancelled" : undefined)
      }
      return false
    }
  }
  return true
}

/** The order's lines with at least one unit in a live fulfillment: what can come back. */
export function fulfilledItems(order: any): string[] {
  const fulfilled = fulfilledQuantities(order)
  return (order.items ?? []).map((item: any) => item.id as string).filter((id: string) => (fulfilled.get(id) ?? 0) > 0)
}

/** Per line of the order, the units in its live fulfillments. */
export function fulfilledQuantities(order: any): Map<string, number> {
  const fulfilled = new Map<string, number>()
  for (const fulfillment of order.fulfillments ?? []) {
    if (fulfillment.canceled_at) continue
    for (const line of fulfillment.items ?? [])
      fulfilled.set(line.line_item_id, (fulfilled.get(line.line_item_id) ?? 0) + Number(line.quantity))
  }
  return fulfilled
}
