import { editQuantity, exchangeOne, fulfilledItems, fulfilledQuantities } from "./admin-order-changes"
import { toMinor } from "./checker"
import type { History } from "./history"
import { request } from "./http"
import type { Prng } from "./prng"

const ORDER_FIELDS =
  "id,status,total,*items,*fulfillments,*fulfillments.items,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds"

/** What an admin does to an order, by weight; only the actions the order allows are drawn from. */
export const ADMIN_ACTIONS = {
  "full capture": 30,
  "partial capture": 25,
  refund: 35,
  ship: 30,
  cancel: 10,
  "order edit": 12,
  exchange: 8,
} as const
type AdminAction = keyof typeof ADMIN_ACTIONS

export interface AdminContext {
  history: History
  liveServers: () => string[]
  orders: Set<string>
  login: { email: string; password: string }
  /** The warehouse fulfillments ship from (and an exchange's goods come back to). */
  stockLocationId: string
  /** The variants an exchange sends out. */
  exchangeVariants: string[]
}

const COURIERS = ["Royal Mail", "DPD", "DHL Express", "La Poste", "Hermes"]

const minor = (value: unknown) => toMinor(value as string | number | undefined)
/** Medusa's admin API takes amounts as JSON numbers in major units: built from the digits, not by dividing. */
const major = (minorUnits: bigint) => Number(`${minorUnits / 100n}.${String(minorUnits % 100n).padStart(2, "0")}`)

/**
 * One admin acting on orders the shoppers placed, through Medusa's admin API as the dashboard
 * does: captures (full or part), refunds of random amounts (retried once with another amount
 * after an error), shipments (a fulfillment of some or all of what is left, then its shipment
 * with a courier and tracking number: the plugin sends Update Shipping Courier, and captures
 * what shipped for the EU account, whose capture is on shipment), order cancels, order edits
 * before capture and exchanges of fulfilled goods (admin-order-changes.ts). Each call is one
 * history step.
 */
export class Admin {
  private token?: string

  constructor(
    private readonly actor: string,
    private readonly rng: Prng,
    private readonly context: AdminContext,
  ) {}

  private server(): string | undefined {
    const live = this.context.liveServers()
    return live.length ? this.rng.pick(live) : undefined
  }

  private async call(method: string, route: string, body?: unknown) {
    const server = this.server()
    if (!server) return { status: 0, body: undefined, ms: 0, message: "no server up" }
    if (!this.token) {
      const signed = await request("POST", `${server}/auth/user/emailpass`, { body: this.context.login })
      this.token = signed.body?.token
      if (!this.token) return signed
    }
    const answer = await request(method, `${server}${route}`, { headers: { authorization: `Bearer ${this.token}` }, body })
    if (answer.status === 401) this.token = undefined
    return answer
  }

  /** One action on a random order; bounded (at most two money calls). */
  async act(): Promise<void> {
    const orders = [...this.context.orders]
    if (!orders.length) return
    const order = this.rng.pick(orders)
    const read = await this.call("GET", `/admin/orders/${order}?fields=${encodeURIComponent(ORDER_FIELDS)}`)
    const found = read.body?.order
    if (!found) return
    if (found.status === "canceled") return void this.context.orders.delete(order)
    const payLater = (found.payment_collections ?? [])
      .flatMap((collection: any) => collection.payments ?? [])
      .filter((candidate: any) => String(candidate.provider_id).startsWith("pp_bnpl"))
    // After an order change the approval lives on a new payment; the cancelled one holds nothing.
    const payment = payLater.find((candidate: any) => !candidate.canceled_at) ?? payLater[0]
    if (!payment) return
    const authorized = minor(payment.amount)
    const captured: bigint = (payment.captures ?? []).reduce((total: bigint, capture: any) => total + minor(capture.amount), 0n)
    const refunded: bigint = (payment.refunds ?? []).reduce((total: bigint, refund: any) => total + minor(refund.amount), 0n)
    const ids = { order, payment: payment.id as string, serviceOrder: payment.data?.orderId as string | undefined }
    const step = (name: string, answer: { status: number; message: string; ms: number }, result?: string) =>
      this.context.history.add({
        actor: this.actor,
        step: name,
        ...ids,
        status: answer.status || undefined,
        result: result ?? answer.message,
        ms: answer.ms,
      })

    const open = payment.canceled_at ? 0n : authorized - captured
    const available = captured - refunded
    const unshipped = unshippedItems(found)
    // Medusa refuses to cancel an order with a fulfillment: an untouched order is where a cancel
    // exercises the plugin (the void), so admins try it there more often.
    const untouched = !(found.fulfillments ?? []).length && captured === 0n
    const allowed: Partial<Record<AdminAction, number>> = { cancel: untouched ? ADMIN_ACTIONS.cancel * 2 : ADMIN_ACTIONS.cancel / 2 }
    // The EU account captures on shipment: its admins ship rather than capture (now and then one captures by hand all the same).
    const onShipment = String(payment.provider_id).endsWith("-eu")
    if (open > 0n) {
      allowed["full capture"] = onShipment ? 3 : ADMIN_ACTIONS["full capture"]
      allowed["partial capture"] = onShipment ? 2 : ADMIN_ACTIONS["partial capture"]
    }
    if (available > 0n) allowed.refund = ADMIN_ACTIONS.refund
    if (unshipped.length) allowed.ship = onShipment ? ADMIN_ACTIONS.ship * 2 : ADMIN_ACTIONS.ship / 2
    // Edits before capture: where the plugin keeps the approval (after capture there is nothing to carry).
    if (open > 0n && captured === 0n) allowed["order edit"] = ADMIN_ACTIONS["order edit"]
    if (fulfilledItems(found).length) allowed.exchange = ADMIN_ACTIONS.exchange
    const action = this.rng.weighted(allowed as Record<AdminAction, number>)

    if (action === "order edit") return void (await editQuantity(this.call.bind(this), this.rng, found, step))
    if (action === "exchange") {
      const goods = { variants: this.context.exchangeVariants, stockLocationId: this.context.stockLocationId }
      return void (await exchangeOne(this.call.bind(this), this.rng, found, goods, step))
    }

    if (action === "cancel") {
      const answer = await this.call("POST", `/admin/orders/${order}/cancel`, {})
      step("cancel", answer, answer.status === 200 ? "canceled" : undefined)
      return
    }
    if (action === "ship") {
      // Some of what is left, or all of it.
      const items = this.rng.chance(0.4) && unshipped.length > 1 ? [unshipped[0]] : unshipped
      const fulfilled = await this.call("POST", `/admin/orders/${order}/fulfillments?fields=id,*fulfillments`, {
        items,
        location_id: this.context.stockLocationId,
      })
      const fulfillment = (fulfilled.body?.order?.fulfillments ?? []).find(
        (candidate: any) => !candidate.shipped_at && !candidate.canceled_at,
      )
      step(
        "fulfillment",
        fulfilled,
        fulfillment ? `fulfillment ${fulfillment.id} of ${items.map((item) => item.quantity).join("+")} item(s)` : undefined,
      )
      if (!fulfillment) return
      const tracking = `TRK${this.rng.int(100_000, 999_999)}`
      const shipped = await this.call("POST", `/admin/orders/${order}/fulfillments/${fulfillment.id}/shipments`, {
        items,
        labels: [
          {
            tracking_number: tracking,
            tracking_url: `https://track.example.com/${tracking}`,
            label_url: `https://labels.example.com/${tracking}.pdf`,
          },
        ],
        metadata: { courier_name: this.rng.pick(COURIERS) },
      })
      step("shipment", shipped, shipped.status === 200 ? `shipped ${fulfillment.id}, tracking ${tracking}` : undefined)
      return
    }
    if (action === "refund") {
      // Now and then more than is left, as an admin's typo: the plugin refuses it.
      const first = this.rng.chance(0.1) ? available + BigInt(this.rng.int(1, 500)) : BigInt(this.rng.int(1, Number(available)))
      const answer = await this.call("POST", `/admin/payments/${payment.id}/refund`, { amount: major(first) })
      step(
        "refund",
        answer,
        answer.status === 200 ? `refunded ${major(first).toFixed(2)}` : `${major(first).toFixed(2)}: ${answer.message}`,
      )
      if (answer.status !== 200 && this.rng.chance(0.7)) {
        const again = BigInt(this.rng.int(1, Number(available)))
        const retried = await this.call("POST", `/admin/payments/${payment.id}/refund`, { amount: major(again) })
        step(
          "refund retried with another amount",
          retried,
          retried.status === 200 ? `refunded ${major(again).toFixed(2)}` : `${major(again).toFixed(2)}: ${retried.message}`,
        )
      }
      return
    }
    const amount = action === "full capture" ? open : BigInt(this.rng.int(1, Number(open)))
    const answer = await this.call(
      "POST",
      `/admin/payments/${payment.id}/capture`,
      action === "full capture" ? {} : { amount: major(amount) },
    )
    step(action, answer, answer.status === 200 ? `captured ${major(amount).toFixed(2)}` : `${major(amount).toFixed(2)}: ${answer.message}`)
  }
}

/** The order's lines not yet in a live fulfillment, with the quantity left of each. */
function unshippedItems(order: any): Array<{ id: string; quantity: number }> {
  const fulfilled = fulfilledQuantities(order)
  return (order.items ?? [])
    .map((item: any) => ({ id: item.id as string, quantity: Number(item.quantity) - (fulfilled.get(item.id) ?? 0) }))
    .filter((item: { quantity: number }) => item.quantity > 0)
}
