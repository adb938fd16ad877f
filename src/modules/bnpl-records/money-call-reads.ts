import type { RawRunner } from "./money-operation-writes"

// Each read is one SQL statement returning plain rows: Medusa's generated lists go through the ORM
// inside the admin's wait for a capture (14 ms before it, 5 ms after, on a loaded machine).

const MONEY_OPERATION_COLUMNS = `"id", "account", "service_order_id", "kind", "medusa_record_id", "request_id", "amount", "currency", "state", "recorded", "absorbed_by", "service_reference", "updated_at"`

/** The live money records of one service order of `account`, oldest first: the order the ledger settles them in. */
export async function moneyOperationsOfOrder(
  runner: RawRunner,
  account: string,
  serviceOrderId: string,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await runner.raw(
    `select ${MONEY_OPERATION_COLUMNS} from "bnpl_money_operation"
     where "account" = ? and "service_order_id" = ? and "deleted_at" is null
     order by "created_at" asc, "id" asc`,
    [account, serviceOrderId],
  )
  return rows
}

/** The live identity record of one service order of `account`, or undefined. */
export async function paymentIdentityOfOrder(
  runner: RawRunner,
  account: string,
  serviceOrderId: string,
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await runner.raw(
    `select "id", "account", "service_order_id", "token", "merchant_id", "amount", "currency_code" from "bnpl_payment_identity"
     where "account" = ? and "service_order_id" = ? and "deleted_at" is null
     limit 1`,
    [account, serviceOrderId],
  )
  return rows[0]
}
