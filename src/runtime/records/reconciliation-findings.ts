import type { BnplOptions } from "../../options"
import { accountHash } from "../infrastructure/account-hash"
import { recordsOrMemory, upsertOne } from "./records-module"

/** An approved service payment no Medusa order holds (operations/reconcile.ts). */
export interface OrphanedPayment {
  orderId: string
  merchantReference?: string
  amount?: { amount: string; currency: string }
  created?: string
  voided: boolean
}

/**
 * An approved service payment whose cart is a Medusa order that has no payment: the order was
 * placed and its authorisation interrupted (a crash mid-Auth). Never voided: the consumer's
 * order stands; the payment is given to it (operations/repair-unpaid-orders.ts).
 */
export interface UnpaidOrderFinding {
  /** The service's order id. */
  orderId: string
  merchantReference?: string
  /** The Medusa order that has no payment. */
  medusaOrderId: string
  amount?: { amount: string; currency: string }
  created?: string
  /** Whether this run gave the order its payment. */
  repaired: boolean
}

/** What one reconciliation run of an account found (operations/reconcile.ts). */
export interface ReconciliationReport {
  /** Approved service payments looked at. */
  checked: number
  /** Approved with no Medusa order: voided with `voidOrphanedPayments`. */
  orphaned: OrphanedPayment[]
  /** Approved, the order exists, its payment missing: repaired, never voided. */
  unpaidOrders?: UnpaidOrderFinding[]
}

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

interface ReportRow {
  id: string
  account: string
  checked_at: Date | string
  checked: number
  findings: Pick<ReconciliationFindings, "orphaned" | "unpaidOrders">
}

// Outside a Medusa app (no records module): this process's memory.
const memory = new Map<string, ReportRow>()
const reports = () => recordsOrMemory<ReportRow>("ReconciliationReports", memory)

type Account = Pick<BnplOptions, "merchantId" | "baseUrl">

/**
 * Stores a reconciliation's report as the account's current findings, in the plugin's records
 * module (the store's database), replacing the last run's.
 * @throws when the database cannot be written: the Void the admin is offered depends on it.
 */
export async function recordReconciliationFindings(
  account: Account,
  report: ReconciliationReport,
  checkedAt: Date = new Date()
): Promise<ReconciliationFindings> {
  const findings: ReconciliationFindings = {
    checkedAt: checkedAt.toISOString(),
    checked: report.checked,
    orphaned: report.orphaned.map((orphan) => ({ ...orphan })),
    unpaidOrders: (report.unpaidOrders ?? []).map((finding) => ({ ...finding })),
  }
  await save(account, findings)
  return findings
}

/** The account's current findings, or null before the first reconciliation. @throws when the database cannot be read. */
export async function readReconciliationFindings(account: Account): Promise<ReconciliationFindings | null> {
  const [row] = await reports().list({ account: accountHash(account) }, { take: 1 })
  if (!row) return null
  return {
    checkedAt: new Date(row.checked_at).toISOString(),
    checked: row.checked,
    orphaned: row.findings.orphaned ?? [],
    unpaidOrders: row.findings.unpaidOrders ?? [],
  }
}

/**
 * Records what the admin did about one finding (voided, or its cart completed into an order),
 * so the admin is never offered a Void for a payment that became an order's.
 * @throws when the database cannot be written (the admin's route then fails, saying so).
 */
export async function updateFinding(
  account: Account,
  serviceOrderId: string,
  change: { voidedAt?: string; completedOrderId?: string; voided?: boolean }
): Promise<void> {
  const findings = await readReconciliationFindings(account)
  if (!findings) return
  await save(account, {
    ...findings,
    orphaned: findings.orphaned.map((orphan) => (orphan.orderId === serviceOrderId ? { ...orphan, ...change } : orphan)),
  })
}

async function save(account: Account, findings: ReconciliationFindings): Promise<void> {
  await upsertOne(reports(), { account: accountHash(account) }, {
    account: accountHash(account),
    checked_at: findings.checkedAt,
    checked: findings.checked,
    findings: { orphaned: findings.orphaned, unpaidOrders: findings.unpaidOrders ?? [] },
  })
}
