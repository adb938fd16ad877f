import type { OrphanedPayment, ReconciliationReport, UnpaidOrderFinding } from "../operations/reconcile"
import type { BnplOptions } from "../options"
import { accountCacheKey, type CacheLike } from "./client-factory"

/**
 * What the last reconciliation found for an account: approved service payments that no Medusa
 * payment holds (src/operations/reconcile.ts). Kept until the next run replaces it, so the
 * admin can act on each one.
 */
export interface ReconciliationFindings {
  /** ISO 8601: when the reconciliation that found them ran. */
  checkedAt: string
  /** Approved service payments looked at. */
  checked: number
  orphaned: Array<OrphanedPayment & { voidedAt?: string; completedOrderId?: string }>
  /** Approved, the order exists, its payment missing: never voided (absent in findings kept before it existed). */
  unpaidOrders?: UnpaidOrderFinding[]
}

/** Longer than the job's 30-minute schedule; a stopped job's findings fade after a day. */
const FINDINGS_TTL_SECONDS = 24 * 3600

const localFindings = new Map<string, ReconciliationFindings>()

type Account = Pick<BnplOptions, "merchantId" | "baseUrl">

/** Stores a reconciliation's report as the account's current findings (shared through Medusa's cache). */
export async function recordReconciliationFindings(
  account: Account,
  cache: CacheLike | undefined,
  report: ReconciliationReport,
  checkedAt: Date = new Date()
): Promise<ReconciliationFindings> {
  const findings: ReconciliationFindings = {
    checkedAt: checkedAt.toISOString(),
    checked: report.checked,
    orphaned: report.orphaned.map((orphan) => ({ ...orphan })),
    unpaidOrders: (report.unpaidOrders ?? []).map((finding) => ({ ...finding })),
  }
  await save(account, cache, findings)
  return findings
}

/** The account's current findings, or null before the first reconciliation. */
export async function readReconciliationFindings(account: Account, cache: CacheLike | undefined): Promise<ReconciliationFindings | null> {
  const key = accountCacheKey(account, "reconciliation-findings")
  let shared: ReconciliationFindings | undefined
  try {
    shared = ((await cache?.get<ReconciliationFindings>(key)) as ReconciliationFindings | null | undefined) ?? undefined
  } catch {
    shared = undefined
  }
  return shared ?? localFindings.get(key) ?? null
}

/** Records what the admin did about one finding (voided, or its cart completed into an order). */
export async function updateFinding(
  account: Account,
  cache: CacheLike | undefined,
  serviceOrderId: string,
  change: { voidedAt?: string; completedOrderId?: string; voided?: boolean }
): Promise<void> {
  const findings = await readReconciliationFindings(account, cache)
  if (!findings) return
  await save(account, cache, {
    ...findings,
    orphaned: findings.orphaned.map((orphan) => (orphan.orderId === serviceOrderId ? { ...orphan, ...change } : orphan)),
  })
}

async function save(account: Account, cache: CacheLike | undefined, findings: ReconciliationFindings): Promise<void> {
  const key = accountCacheKey(account, "reconciliation-findings")
  localFindings.set(key, findings)
  await cache?.set(key, findings, FINDINGS_TTL_SECONDS).catch(() => undefined)
}
