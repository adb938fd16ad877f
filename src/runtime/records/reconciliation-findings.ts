import type { BnplOptions } from "../../options"
import { accountHash } from "../infrastructure/account-hash"
import { recordsOrMemory, upsertOne } from "./records-module"

/** An approved service payment no Medusa order holds. */
export interface OrphanedPayment {
  orderId: string
  merchantReference?: string
  amount?: { amount: string; currency: string }
  created?: string
  voided: boolean
}

/** An approved payment whose cart became an order without payment (a crash mid-Auth): repaired, never voided. */
export interface UnpaidOrderFinding {
  orderId: string
  merchantReference?: string
  medusaOrderId: string
  amount?: { amount: string; currency: string }
  created?: string
  /** Whether this run gave the order its payment. */
  repaired: boolean
}

/** What one reconciliation run of an account found. */
export interface ReconciliationReport {
  /** Approved service payments looked at. */
  checked: number
  /** Approved with no Medusa order: voided with `voidOrphanedPayments`. */
  orphaned: OrphanedPayment[]
  unpaidOrders?: UnpaidOrderFinding[]
}

/** The account's last findings, kept until the next run replaces them so the admin can act on each. */
export interface ReconciliationFindings {
  /** ISO 8601. */
  checkedAt: string
  checked: number
  orphaned: Array<OrphanedPayment & { voidedAt?: string; completedOrderId?: string }>
  unpaidOrders?: UnpaidOrderFinding[]
}

interface ReportRow {
  id: string
  account: string
  checked_at: Date | string
  checked: number
  findings: Pick<ReconciliationFindings, "orphaned" | "unpaidOrders">
}

const memory = new Map<string, ReportRow>()
const reports = () => recordsOrMemory<ReportRow>("ReconciliationReports", memory)

type Account = Pick<BnplOptions, "merchantId" | "baseUrl">

/** Replaces the account's findings with `report`; throws when the database cannot be written, as the admin's Void depends on it. */
export async function recordReconciliationFindings(
  account: Account,
  report: ReconciliationReport,
  checkedAt: Date = new Date(),
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

/** Records the admin's decision on a finding, so no Void is offered for a payment that became an order's; throws on a failed write. */
export async function updateFinding(
  account: Account,
  serviceOrderId: string,
  change: { voidedAt?: string; completedOrderId?: string; voided?: boolean },
): Promise<void> {
  const findings = await readReconciliationFindings(account)
  if (!findings) return
  await save(account, {
    ...findings,
    orphaned: findings.orphaned.map((orphan) => (orphan.orderId === serviceOrderId ? { ...orphan, ...change } : orphan)),
  })
}

async function save(account: Account, findings: ReconciliationFindings): Promise<void> {
  await upsertOne(
    reports(),
    { account: accountHash(account) },
    {
      account: accountHash(account),
      checked_at: findings.checkedAt,
      checked: findings.checked,
      findings: { orphaned: findings.orphaned, unpaidOrders: findings.unpaidOrders ?? [] },
    },
  )
}
