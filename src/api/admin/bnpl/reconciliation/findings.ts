import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { getPluginRuntime } from "../../../../runtime/accounts/plugin-runtime"
import { readReconciliationFindings, type ReconciliationFindings } from "../../../../runtime/records/reconciliation-findings"
import { openHolds, recentlySettledHolds, type HeldOutcome } from "../../../../runtime/records/held-orders"
import { displayIds, inMerchantWords } from "./finding-names"

type Orphan = ReconciliationFindings["orphaned"][number]

/** One finding of the last reconciliation with what the admin can do about it. */
export interface FindingView {
  providerId: string
  serviceOrderId: string
  /** The cart id the checkout was made for (the service's merchantReference). */
  cartId: string | null
  amount: { amount: string; currency: string } | null
  created: string | null
  /**
   * `checkout_not_completed`: the cart is still open. `order_without_payment`: a completion interrupted mid-Auth, repaired
   * by the completion job, never voided. `order_on_hold`: kept for the admin (`onOrderFailure: "hold"`).
   */
  kind: "approved_without_order" | "checkout_not_completed" | "order_without_payment" | "order_on_hold"
  medusaOrderId?: string | null
  /** Settled: voided (by the job or the admin) or completed into an order. */
  voided: boolean
  completedOrderId: string | null
  completedOrderDisplayId?: number | null
  /** With order_on_hold: why the order could not be placed, the authorisation's expiry, how it ended (null while open). */
  held?: { failure: string; expiresAt: string; outcome: HeldOutcome | null }
  actions: { void: boolean; complete: boolean }
}

/** The findings view: when the reconciliation ran, how much it checked, and each finding. */
export interface FindingsView {
  /** The oldest of the accounts' last runs (null when an account has none yet). */
  checkedAt: string | null
  checked: number
  findings: FindingView[]
}

/** Every account's findings with their carts: an open cart can be completed; a gone or completed cart's approval voided. */
export async function findingsView(scope: MedusaContainer): Promise<FindingsView> {
  const view = await rawFindingsView(scope)
  const orders = await displayIds(
    scope,
    view.findings.map((finding) => finding.completedOrderId).filter((id): id is string => !!id),
  )
  const findings = await Promise.all(
    view.findings.map(async (finding) => ({
      ...finding,
      completedOrderDisplayId: finding.completedOrderId ? (orders.get(finding.completedOrderId) ?? null) : null,
      ...(finding.held ? { held: { ...finding.held, failure: await inMerchantWords(scope, finding.held.failure) } } : {}),
    })),
  )
  return { ...view, findings }
}

async function rawFindingsView(scope: MedusaContainer): Promise<FindingsView> {
  const { accounts } = getPluginRuntime(scope)
  const perAccount = await Promise.all(accounts.map((account) => readReconciliationFindings(account.options)))
  const runs = perAccount.filter((findings): findings is ReconciliationFindings => !!findings)
  // Held approvals come first: they wait for a decision, whatever the reconciliation found.
  const held = await heldFindings()
  if (!runs.length) return { checkedAt: null, checked: 0, findings: held }
  const orphans: Array<Orphan & { providerId: string }> = perAccount.flatMap((findings, index) =>
    (findings?.orphaned ?? []).map((orphan) => ({ ...orphan, providerId: accounts[index].providerId })),
  )
  const cartIds = orphans.map((orphan) => orphan.merchantReference).filter((id): id is string => !!id && id.startsWith("cart_"))
  const openCarts = new Set<string>()
  if (cartIds.length) {
    const query = scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id: cartIds } })
    for (const cart of data as Array<{ id: string; completed_at?: string | null }>) if (!cart.completed_at) openCarts.add(cart.id)
  }
  const unpaidOrders: FindingView[] = perAccount.flatMap((findings, index) =>
    (findings?.unpaidOrders ?? []).map((finding) => ({
      providerId: accounts[index].providerId,
      serviceOrderId: finding.orderId,
      cartId: finding.merchantReference ?? null,
      amount: finding.amount ?? null,
      created: finding.created ?? null,
      kind: "order_without_payment" as const,
      medusaOrderId: finding.medusaOrderId,
      voided: false,
      completedOrderId: finding.repaired ? finding.medusaOrderId : null,
      actions: { void: false, complete: false },
    })),
  )
  return {
    checkedAt: runs.length < accounts.length ? null : runs.map((findings) => findings.checkedAt).sort()[0],
    checked: runs.reduce((sum, findings) => sum + findings.checked, 0),
    findings: [
      ...held,
      ...orphans.map((orphan): FindingView => {
        const cartId = orphan.merchantReference ?? null
        const settled = orphan.voided || !!orphan.completedOrderId
        const open = !!cartId && openCarts.has(cartId)
        return {
          providerId: orphan.providerId,
          serviceOrderId: orphan.orderId,
          cartId,
          amount: orphan.amount ?? null,
          created: orphan.created ?? null,
          kind: open ? "checkout_not_completed" : "approved_without_order",
          voided: orphan.voided,
          completedOrderId: orphan.completedOrderId ?? null,
          actions: { void: !settled, complete: !settled && open },
        }
      }),
      ...unpaidOrders,
    ],
  }
}

/** Settled holds stay listed this long, so the admin sees what was decided. */
const SETTLED_SHOWN_DAYS = 7

// Open holds (place or void) until the authorisation expires, then the ones settled within `SETTLED_SHOWN_DAYS`.
async function heldFindings(now: Date = new Date()): Promise<FindingView[]> {
  const held = [...(await openHolds()), ...(await recentlySettledHolds(new Date(now.getTime() - SETTLED_SHOWN_DAYS * 86_400_000)))]
  return held.map((hold) => {
    const open = !hold.outcome && Date.parse(hold.expiresAt) > now.getTime()
    return {
      providerId: hold.providerId,
      serviceOrderId: hold.serviceOrderId ?? hold.paymentId,
      cartId: hold.cartId,
      amount: hold.amount && hold.currencyCode ? { amount: hold.amount, currency: hold.currencyCode } : null,
      created: hold.heldAt,
      kind: "order_on_hold",
      voided: hold.outcome === "voided" || hold.outcome === "expired",
      completedOrderId: hold.orderId,
      held: { failure: hold.failure, expiresAt: hold.expiresAt, outcome: hold.outcome },
      actions: { void: open, complete: open },
    }
  })
}
