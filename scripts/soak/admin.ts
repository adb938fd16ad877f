import { toMinor } from "./checker"
import type { History } from "./history"
import { request } from "./http"
import type { Prng } from "./prng"

const ORDER_FIELDS = "id,status,total,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds"

export const ADMIN_ACTIONS = { "full capture": 30, "partial capture": 25, refund: 35, cancel: 10 } as const

export interface AdminContext {
  history: History
  liveServers: () => string[]
  orders: Set<string>
  login: { email: string; password: string }
}

const minor = (value: unknown) => toMinor(value as string | number | undefined)
/** Medusa's admin API takes amounts as JSON numbers in major units: built from the digits, not by dividing. */
const major = (minorUnits: bigint) => Number(`${minorUnits / 100n}.${String(minorUnits % 100n).padStart(2, "0")}`)

/**
 * One admin acting on orders the shoppers placed, through Medusa's admin API as the dashboard
 * does: captures (full or part), refunds of random amounts (retried once with another amount
 * after an error), order cancels. Each call is one history step.
 */
export class Admin {
  private token?: string

  constructor(
    private readonly actor: string,
    private readonly rng: Prng,
    private readonly context: AdminContext
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
    const payment = (found.payment_collections ?? []).flatMap((collection: any) => collection.payments ?? []).find((candidate: any) => String(candidate.provider_id).startsWith("pp_bnpl"))
    if (!payment) return
    const authorized = minor(payment.amount)
    const captured: bigint = (payment.captures ?? []).reduce((total: bigint, capture: any) => total + minor(capture.amount), 0n)
    const refunded: bigint = (payment.refunds ?? []).reduce((total: bigint, refund: any) => total + minor(refund.amount), 0n)
    const ids = { order, payment: payment.id as string, serviceOrder: payment.data?.orderId as string | undefined }
    const action = this.rng.weighted(ADMIN_ACTIONS)
    const step = (name: string, answer: { status: number; message: string; ms: number }, result?: string) =>
      this.context.history.add({ actor: this.actor, step: name, ...ids, status: answer.status || undefined, result: result ?? answer.message, ms: answer.ms })

    if (action === "cancel") {
      const answer = await this.call("POST", `/admin/orders/${order}/cancel`, {})
      step("cancel", answer, answer.status === 200 ? "canceled" : undefined)
      return
    }
    if (action === "refund") {
      const available: bigint = captured - refunded
      if (available <= 0n) return
      // Now and then more than is left, as an admin's typo: the plugin refuses it.
      const first = this.rng.chance(0.1) ? available + BigInt(this.rng.int(1, 500)) : BigInt(this.rng.int(1, Number(available)))
      const answer = await this.call("POST", `/admin/payments/${payment.id}/refund`, { amount: major(first) })
      step("refund", answer, answer.status === 200 ? `refunded ${major(first).toFixed(2)}` : `${major(first).toFixed(2)}: ${answer.message}`)
      if (answer.status !== 200 && this.rng.chance(0.7)) {
        const again = BigInt(this.rng.int(1, Number(available)))
        const retried = await this.call("POST", `/admin/payments/${payment.id}/refund`, { amount: major(again) })
        step("refund retried with another amount", retried, retried.status === 200 ? `refunded ${major(again).toFixed(2)}` : `${major(again).toFixed(2)}: ${retried.message}`)
      }
      return
    }
    const open = authorized - captured
    if (open <= 0n || payment.canceled_at) return
    const amount = action === "full capture" ? open : BigInt(this.rng.int(1, Number(open)))
    const answer = await this.call("POST", `/admin/payments/${payment.id}/capture`, action === "full capture" ? {} : { amount: major(amount) })
    step(action, answer, answer.status === 200 ? `captured ${major(amount).toFixed(2)}` : `${major(amount).toFixed(2)}: ${answer.message}`)
  }
}
