import { Modules } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toMinorUnits, type MajorUnitAmount } from "../client/money"
import type { MoneyOperationKind, MoneyOperationRecord } from "../payments/money-records"
import { PaymentError } from "../payments/errors"
import { RefusedMomentsAgo, type RepairSend } from "../payments/repair-sends"
import { requestIds } from "../payments/request-ids"
import { asPaymentData, type BnplPaymentData } from "../payments/session-data"
import { paymentOperationsFor } from "../runtime/accounts/account-payment-operations"
import { accountHash } from "../runtime/infrastructure/account-hash"
import { DatabaseMoneyRecords } from "../runtime/records/money-records"
import { accountForProvider, getPluginRuntime, type AccountRuntime } from "../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"

// Medusa commits a capture or refund before it calls the provider, and never calls again after a
// crash. This repair resends it with Medusa's record id as the requestId, so it applies once.

/** Longer than any one money call can take (time-outs, retries and back-off: about 4 minutes). */
export const GRACE_MS = 5 * 60_000
/** A shorter grace (for tests) is still safe: a live call and the repair share the requestId and the lock. */
function graceFromEnvironment(): number {
  const seconds = Number(process.env.BNPL_UNSENT_GRACE_SECONDS)
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : GRACE_MS
}

/** A day of captures and refunds, not the store's history. */
export const WINDOW_MS = 24 * 60 * 60_000

/** One Medusa capture or refund sent (or tried) by the repair. */
export interface UnsentMoneyCall {
  kind: Extract<MoneyOperationKind, "capture" | "refund">
  /** Medusa's capture or refund id (the requestId's source). */
  medusaRecordId: string
  paymentId: string
  serviceOrderId: string
  /** API string, major units. */
  amount: string
  message?: string
}

export interface UnsentMoneyReport {
  checked: number
  sent: UnsentMoneyCall[]
  failed: UnsentMoneyCall[]
  /** Captures refused for good (voided or expired): Medusa's record is deleted, as Medusa does on a refusal. */
  withdrawn: UnsentMoneyCall[]
  /** Refused moments ago by the live call: Medusa is deleting its record; looked at next run. */
  deferred: UnsentMoneyCall[]
}

interface MedusaMoneyRecord {
  id: string
  amount: MajorUnitAmount
  created_at: Date | string
  payment?: { id: string; provider_id: string; data?: Record<string, unknown> | null; canceled_at?: Date | string | null } | null
}

interface PaymentModuleLike {
  listCaptures(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<MedusaMoneyRecord[]>
  listRefunds(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<MedusaMoneyRecord[]>
  updatePayment(data: { id: string; data: Record<string, unknown> }): Promise<unknown>
  deleteCaptures(id: string): Promise<void>
}

const PAGE_SIZE = 500

async function readAll(
  list: (filters: Record<string, unknown>, config?: Record<string, unknown>) => Promise<MedusaMoneyRecord[]>,
  created_at: Record<string, string>,
): Promise<MedusaMoneyRecord[]> {
  const all: MedusaMoneyRecord[] = []
  for (let skip = 0; ; skip += PAGE_SIZE) {
    const page = await list({ created_at }, { relations: ["payment"], order: { created_at: "ASC" }, skip, take: PAGE_SIZE })
    all.push(...page)
    if (page.length < PAGE_SIZE) return all
  }
}

interface PaymentToCheck {
  account: AccountRuntime
  data: BnplPaymentData
  paymentId: string
  capture: MedusaMoneyRecord[]
  refund: MedusaMoneyRecord[]
}

interface RunContext {
  /** A refusal younger than the grace belongs to a live call. */
  repair: RepairSend
  runtime: ReturnType<typeof getPluginRuntime>
  paymentModule: PaymentModuleLike
  report: UnsentMoneyReport
  operationsOf: Map<AccountRuntime, ReturnType<typeof paymentOperationsFor>>
}

/** Never throws for one record: its failure is reported in `failed` and tried again next run. */
export async function sendUnsentMoneyCalls(
  scope: ContainerLike,
  { now = new Date(), graceMs = graceFromEnvironment() }: { now?: Date; graceMs?: number } = {},
): Promise<UnsentMoneyReport> {
  const runtime = getPluginRuntime(scope)
  const paymentModule = scope.resolve<PaymentModuleLike>(Modules.PAYMENT)
  const created_at = { $gte: new Date(now.getTime() - WINDOW_MS).toISOString(), $lte: new Date(now.getTime() - graceMs).toISOString() }
  const [captures, refunds] = await Promise.all([
    readAll((filters, config) => paymentModule.listCaptures(filters, config), created_at),
    readAll((filters, config) => paymentModule.listRefunds(filters, config), created_at),
  ])
  const run: RunContext = {
    repair: { refusedAfter: new Date(now.getTime() - graceMs) },
    runtime,
    paymentModule,
    report: { checked: 0, sent: [], failed: [], withdrawn: [], deferred: [] },
    operationsOf: new Map(),
  }
  const payments = paymentsToCheck(run, captures, refunds)
  const applied = await appliedCallsByAccount(payments)
  for (const payment of payments) {
    const records = (applied.get(payment.account) ?? []).filter((record) => record.serviceOrderId === payment.data.orderId)
    await sendUnsentOfPayment(run, payment, records)
  }
  return run.report
}

function paymentsToCheck(run: RunContext, captures: MedusaMoneyRecord[], refunds: MedusaMoneyRecord[]): PaymentToCheck[] {
  const byPayment = new Map<string, PaymentToCheck>()
  for (const [kind, list] of [
    ["capture", captures],
    ["refund", refunds],
  ] as const) {
    for (const record of list) {
      const payment = record.payment
      const account = accountForProvider(run.runtime, payment?.provider_id)
      if (!payment || !account) continue
      const data = asPaymentData(payment.data ?? {})
      if (!data.orderId) continue
      run.report.checked++
      const entry = byPayment.get(payment.id) ?? { account, data, paymentId: payment.id, capture: [], refund: [] }
      entry[kind].push(record)
      byPayment.set(payment.id, entry)
    }
  }
  return [...byPayment.values()]
}

async function appliedCallsByAccount(payments: PaymentToCheck[]): Promise<Map<AccountRuntime, MoneyOperationRecord[]>> {
  const applied = new Map<AccountRuntime, MoneyOperationRecord[]>()
  for (const account of new Set(payments.map((entry) => entry.account))) {
    const requestIdsOf = payments
      .filter((entry) => entry.account === account)
      .flatMap((entry) => [
        ...entry.capture.map((record) => requestIds.capture(record.id)),
        ...entry.refund.map((record) => requestIds.refund(record.id)),
        requestIds.captureOnAuthorize(entry.data.orderId!),
      ])
    applied.set(account, await new DatabaseMoneyRecords(accountHash(account.options)).appliedFor(requestIdsOf))
  }
  return applied
}

/** The last answer is written to Medusa's payment data, as Medusa does after its own calls. */
async function sendUnsentOfPayment(run: RunContext, payment: PaymentToCheck, applied: MoneyOperationRecord[]): Promise<void> {
  let current: BnplPaymentData | undefined
  for (const [kind, medusaRecords] of [
    ["capture", payment.capture],
    ["refund", payment.refund],
  ] as const) {
    for (const medusaRecord of unsent(kind, medusaRecords, applied, payment.data.orderId!)) {
      current = (await sendOne(run, payment, kind, medusaRecord, current ?? payment.data)) ?? current
    }
  }
  if (!current) return
  await run.paymentModule.updatePayment({ id: payment.paymentId, data: current as Record<string, unknown> }).catch((error: unknown) => {
    run.runtime.logger?.warn?.(
      `medusa-payment-bnpl: the payment data of ${payment.paymentId} could not be brought up to date (${(error as Error)?.message ?? error}); the next operation on it reads the money records.`,
    )
  })
}

/** @returns the payment's data after the call, or undefined when nothing was applied. */
async function sendOne(
  run: RunContext,
  payment: PaymentToCheck,
  kind: "capture" | "refund",
  medusaRecord: MedusaMoneyRecord,
  data: BnplPaymentData,
): Promise<BnplPaymentData | undefined> {
  const { account } = payment
  const { runtime, report } = run
  const amountMinor = toMinorUnits(medusaRecord.amount, `${kind}.amount`)
  const call: UnsentMoneyCall = {
    kind,
    medusaRecordId: medusaRecord.id,
    paymentId: payment.paymentId,
    serviceOrderId: data.orderId!,
    amount: minorUnitsToApiAmount(amountMinor),
  }
  const operations = run.operationsOf.get(account) ?? paymentOperationsFor(account, { cache: () => runtime.cache, logger: runtime.logger })
  run.operationsOf.set(account, operations)
  try {
    const after =
      kind === "capture"
        ? await operations.capture({ data, capture: { id: medusaRecord.id, amountMinor }, repair: run.repair })
        : await operations.refund({ data, amountMinor, refundId: medusaRecord.id, repair: run.repair })
    report.sent.push(call)
    runtime.logger?.warn?.(
      `medusa-payment-bnpl (${account.providerId}): ${kind} ${medusaRecord.id} of ${call.amount} on service order ${call.serviceOrderId} was recorded by Medusa and not applied at the service (a process stopped before sending it, or the service gave no usable answer); sent now with its own requestId.`,
    )
    return after
  } catch (error) {
    if (error instanceof RefusedMomentsAgo) {
      report.deferred.push(call)
      runtime.logger?.info?.(`${error.message} (${kind} ${medusaRecord.id} of ${call.amount} on service order ${call.serviceOrderId})`)
      return undefined
    }
    if (kind === "capture" && neverApplicable(error)) {
      // What Medusa's capturePayment does when its provider refuses: the capture never happened.
      await run.paymentModule.deleteCaptures(medusaRecord.id)
      report.withdrawn.push(call)
      runtime.logger?.warn?.(
        `medusa-payment-bnpl (${account.providerId}): capture ${medusaRecord.id} of ${call.amount} on service order ${call.serviceOrderId} was recorded by Medusa but never sent, and the service now refuses it (${(error as Error).message}); Medusa's capture record is deleted, as Medusa does when a capture is refused.`,
      )
      return undefined
    }
    report.failed.push({ ...call, message: (error as Error)?.message ?? String(error) })
    runtime.logger?.error?.(
      `medusa-payment-bnpl (${account.providerId}): ${kind} ${medusaRecord.id} of ${call.amount} on service order ${call.serviceOrderId}, recorded by Medusa and not applied at the service, could not be sent: ${(error as Error)?.message ?? error}. It is tried again on the next run.`,
    )
    return undefined
  }
}

/** A capture refusal no resend can change: the authorisation was voided or has expired. */
function neverApplicable(error: unknown): boolean {
  return error instanceof PaymentError && (error.reason === "payment_voided" || error.reason === "authorization_expired")
}

/** Records no applied call stands for (by requestId or `absorbedBy`); a capture on authorisation stands for all. */
function unsent(
  kind: "capture" | "refund",
  medusaRecords: MedusaMoneyRecord[],
  records: MoneyOperationRecord[],
  serviceOrderId: string,
): MedusaMoneyRecord[] {
  const applied = records.filter((record) => record.kind === kind && record.state === "applied")
  if (kind === "capture" && applied.some((record) => record.requestId === requestIds.captureOnAuthorize(serviceOrderId))) return []
  const requestIdOf = kind === "capture" ? requestIds.capture : requestIds.refund
  const standing = new Set(applied.flatMap((record) => [record.requestId, record.absorbedBy ?? ""]))
  return medusaRecords.filter((record) => !standing.has(requestIdOf(record.id)))
}
