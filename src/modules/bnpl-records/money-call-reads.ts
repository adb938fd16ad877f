import type { RawRunner } from "./money-operation-writes"

/**
 * The two reads before and after a money call (payments/money-ledger.ts `settle`): the
 * order's money records and the payment's identity, each one SQL statement returning plain
 * rows. Medusa's generated `listMoneyOperations` and `listPaymentIdentities` build each query
 * through the ORM and hydrate and serialise its entities, inside the admin's wait for a capture,
 * refund or void: timed inside the store on a loaded machine, the reads before a capture took
 * 14 ms and the one after it 5 ms (docs/performance.md, "A warm shop").
 */

/** The columns of `bnpl_money_operation` a money call reads (the row's snake_case names). */
const MONEY_OPERATION_COLUMNS = `"id", "account", "service_order_id", "kind", "medusa_record_id", "request_id", "amount", "currency", "state", "recorded", "absorbed_by", "service_reference", "updated_at"`

/**
 * The live money records of one service order of `account`, oldest first (as written: the
 * order the ledger settles them in).
 */
export async function moneyOperationsOfOrder(runner: RawRunner, account: string, serviceOrderId: string): Promise<Array<Record<string, unknown>>> {
  const { rows } = await runner.raw(
    `select ${MONEY_OPERATION_COLUMNS} from "bnpl_money_operation"
     where "account" = ? and "service_order_id" = ? and "deleted_at" is null
     order by "created_at" asc, "id" asc`,
    [account, serviceOrderId]
  )
  return rows
}

/** The live identity record of one service order of `account`, or undefined (one row at most: a unique index). */
export async function paymentIdentityOfOrder(runner: RawRunner, account: string, serviceOrderId: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await runner.raw(
    `select "id", "account", "service_order_id", "token", "merchant_id", "amount", "currency_code" from "bnpl_payment_identity"
     where "account" = ? and "service_order_id" = ? and "deleted_at" is null
     limit 1`,
    [account, serviceOrderId]
  )
  return rows[0]
}
