import { orderBatchSql } from "./seed-sql"

/**
 * The period's work: the same small set of rows at every size, in the states the jobs act on,
 * made anew (new ids) before each size's measured run and deleted before the next size's,
 * so every size's run has the same new work whatever the earlier runs did with theirs.
 * - 3 open carts whose pay-later session is 10 minutes old and unconfirmed (complete-pending-carts:
 *   one List Payments, then an Auth each);
 * - 1 order placed 10 minutes ago without its payment (repair-unpaid-orders: one Auth);
 * - 20 orders of today, captured (the unsent-money repair reads their captures and finds each
 *   applied), the first 5 shipped, one of them never told to the service (shipment repair: one
 *   Update Shipping Courier);
 * - 2 orders canceled 3 minutes ago, one with its payment voided, one whose void failed
 *   (canceled-order repair and the expiry job: a void each);
 * - 3 authorised, uncaptured payments of 12-day-old orders: 2 expiring within 48 hours (a warning),
 *   1 expired an hour ago (the expiry job cancels it: one void);
 * - 50 service calls 181 days old (prune-service-calls deletes them).
 * The service (the sandbox) knows none of these orders: a call about one is answered with an
 * error, which is counted like any other call.
 */
export function sliceSql(size: number, account: string): string[] {
  const tag = `r${size}`
  const rows = (count: number, createdAt: string) => `from (select g, ${createdAt} as t from generate_series(1, ${count}) g) s`
  const recent = rows(3, "now() - interval '10 minutes'")
  const unpaid = rows(1, "now() - interval '10 minutes'")
  const expires = `to_char((t + interval '60 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
  return [
    // Open carts with an unconfirmed session (p), and an order placed without its payment (u).
    ...(["p", "u"] as const).flatMap((kind) => {
      const from = kind === "p" ? recent : unpaid
      const ids = (prefix: string) => `'${prefix}_scale${tag}${kind}x' || g`
      return [
        `insert into cart (id, currency_code, email, created_at, updated_at, completed_at)
          select ${ids("cart")}, 'gbp', 'scale@example.com', t, t, ${kind === "u" ? "t" : "null"} ${from}`,
        `insert into payment_collection (id, currency_code, amount, raw_amount, status, created_at, updated_at)
          select ${ids("pay_col")}, 'gbp', 100, '{"value":"100","precision":20}'::jsonb, 'not_paid', t, t ${from}`,
        `insert into payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id, created_at, updated_at)
          select ${ids("payses")}, 'gbp', 100, '{"value":"100","precision":20}'::jsonb, 'pp_bnpl_bnpl',
            jsonb_build_object('token', ${ids("tok")}, 'amount', '100.00', 'currency', 'GBP', 'expires', ${expires}), 'pending', ${ids("pay_col")}, t, t ${from}`,
        `insert into cart_payment_collection (id, cart_id, payment_collection_id, created_at, updated_at)
          select ${ids("capaycol")}, ${ids("cart")}, ${ids("pay_col")}, t, t ${from}`,
        ...(kind === "u"
          ? [
              `insert into "order" (id, currency_code, email, status, created_at, updated_at)
                select ${ids("order")}, 'gbp', 'scale@example.com', 'pending', t, t ${from}`,
              `insert into order_cart (id, order_id, cart_id) select ${ids("ordercart")}, ${ids("order")}, ${ids("cart")} ${from}`,
              `insert into order_payment_collection (id, order_id, payment_collection_id) select ${ids("ordpaycol")}, ${ids("order")}, ${ids("pay_col")} ${from}`,
            ]
          : []),
      ]
    }),
    ...orderBatchSql(
      {
        tag: `${tag}t`,
        from: 1,
        to: 20,
        createdAt: "now() - interval '10 minutes' - g * interval '40 minutes'",
        capturedAt: "t + interval '2 minutes'",
        unshipped: "g > 5",
        untold: "g = 5",
      },
      account,
    ),
    ...orderBatchSql(
      {
        tag: `${tag}c`,
        from: 1,
        to: 2,
        createdAt: "now() - interval '2 hours' - g * interval '1 minute'",
        canceled: "g = 1",
        open: "g = 2",
        orderCanceled: "true",
        canceledAt: "now() - interval '3 minutes'",
      },
      account,
    ),
    ...orderBatchSql(
      {
        tag: `${tag}e`,
        from: 1,
        to: 3,
        createdAt: "now() - interval '12 days' - g * interval '1 minute'",
        open: "true",
        expiresAt: "case when g = 3 then now() - interval '1 hour' else now() + interval '24 hours' end",
      },
      account,
    ),
    `insert into bnpl_service_call (id, account, service_order_id, checkout_token, operation, request_id, attempt, started_at, duration_ms, http_status, outcome)
      select 'bnplcall_scale${tag}ox' || g, '${account}', 'svc_scale${tag}ox' || g, null, 'Get Payment', null, 1,
        now() - interval '181 days' - g * interval '1 minute', 80, 200, 'ok' from generate_series(1, 50) g`,
  ]
}

/**
 * Deletes every slice (and what the jobs wrote about it: money calls, courier errors, order
 * transactions, timeline entries, held approvals). Payment collections take their sessions,
 * payments, captures and refunds with them (foreign keys on delete cascade).
 */
export function clearSlicesSql(): string[] {
  const like = (prefix: string) => `'${prefix}\\_scaler%'`
  return [
    `delete from order_fulfillment where id like ${like("ordful")}`,
    `delete from fulfillment where id like ${like("ful")}`,
    `delete from bnpl_courier_update where fulfillment_id like ${like("ful")}`,
    `delete from bnpl_courier_sync_error where fulfillment_id like ${like("ful")}`,
    `delete from bnpl_money_operation where service_order_id like ${like("svc")}`,
    `delete from bnpl_service_call where id like ${like("bnplcall")} or service_order_id like ${like("svc")} or checkout_token like ${like("tok")}`,
    `delete from bnpl_held_order where cart_id like ${like("cart")}`,
    `delete from order_transaction where order_id like ${like("order")}`,
    `delete from order_cart where id like ${like("ordercart")}`,
    `delete from order_payment_collection where id like ${like("ordpaycol")}`,
    `delete from cart_payment_collection where id like ${like("capaycol")}`,
    `delete from "order" where id like ${like("order")}`,
    `delete from payment_collection where id like ${like("pay_col")}`,
    `delete from cart where id like ${like("cart")}`,
  ]
}
