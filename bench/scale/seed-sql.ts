/**
 * The scale run's rows, written straight into Medusa's and the plugin's tables with
 * `INSERT ... SELECT generate_series` (a few statements per batch: 100,000 orders through the
 * store API would take hours). Each order has what the jobs' queries join: a completed cart, a
 * payment collection with a pay-later session and payment (`pp_bnpl_bnpl`, data with the
 * service's `orderId` and `token`), its capture, the order with its links (order_cart,
 * order_payment_collection, cart_payment_collection), a shipped fulfillment the service was told
 * of (bnpl_courier_update), the applied money call (bnpl_money_operation) and, for orders of
 * the last 180 days, the timeline's service calls. Amounts are Medusa's numeric major units
 * with their raw `{ value, precision }` and the API's two-decimal strings: never a float.
 *
 * History (`h`): a store taking an order every 10 minutes, going back in time from 40 days
 * ago (older than every job's window), so 100,000 orders reach back about two years: 1 in 50
 * canceled (payment voided), 1 in 25 partially captured (Medusa leaves `captured_at` empty),
 * 1 in 20 partly refunded. A larger size is a longer history, not a busier day. Abandoned carts
 * (`a`): open carts with a pending pay-later session, one every 100 minutes from 3 days ago.
 * The period's work (`r`, slice.ts) is a small constant set of rows in the states the jobs act on.
 */

/** One pay-later amount for every seeded order: £100.00. */
const AMOUNT = "100"
const API_AMOUNT = "100.00"
const RAW = `'{"value":"${AMOUNT}","precision":20}'::jsonb`

/** What one batch of orders looks like; every SQL fragment may use `g` (the series) and `t` (the order's time). */
export interface OrderBatch {
  /** Id infix: `order_scale<tag>x<g>` (letters and digits after the prefix, as Medusa's ids and the admin routes' checks have them). */
  tag: string
  from: number
  to: number
  /** SQL for the order's creation time, from `g`. */
  createdAt: string
  /** SQL booleans over `g`. */
  canceled?: string
  partial?: string
  refunded?: string
  /** Uncaptured and open (no capture row, payment neither captured nor canceled). */
  open?: string
  /** SQL boolean: the order is canceled (default `canceled`: its payment voided with it). */
  orderCanceled?: string
  /** SQL for the authorisation's expiry (default created + 13 days). */
  expiresAt?: string
  /** SQL for when the order was canceled (default created + 1 hour). */
  canceledAt?: string
  /** SQL for when the capture was made and the fulfillment shipped (default created + 1 day). */
  capturedAt?: string
  /** SQL boolean: the shipment has no courier update recorded (the subscriber missed it). */
  untold?: string
  /** SQL boolean: no fulfillment. */
  unshipped?: string
}

const id = (prefix: string, tag: string) => `'${prefix}_scale${tag}x' || g`

/** The statements that insert one batch of orders; `account` is the UK account's hash (runtime/accounts/client-factory.ts). */
export function orderBatchSql(batch: OrderBatch, account: string): string[] {
  const { tag } = batch
  const no = "false"
  const canceled = batch.canceled ?? no
  const partial = batch.partial ?? no
  const refunded = batch.refunded ?? no
  const open = batch.open ?? no
  const orderCanceled = batch.orderCanceled ?? canceled
  const captured = `not (${canceled}) and not (${open})`
  const capturedAt = batch.capturedAt ?? "t + interval '1 day'"
  const canceledAt = batch.canceledAt ?? "t + interval '1 hour'"
  const expiresAt = batch.expiresAt ?? "t + interval '13 days'"
  const shipped = `${captured} and not (${batch.unshipped ?? no})`
  // Every statement reads the same rows: the series with its time.
  const rows = `from (select g, ${batch.createdAt} as t from generate_series(${batch.from}, ${batch.to}) g) s`
  const svc = id("svc", tag)
  const token = id("tok", tag)
  const state = `case when ${canceled} then 'VOIDED' when ${open} then 'AUTH_APPROVED' when ${partial} then 'PARTIALLY_CAPTURED' else 'CAPTURED' end`
  const capturedAmount = `case when ${canceled} or ${open} then '0.00' when ${partial} then '50.00' else '${API_AMOUNT}' end`
  const paymentData = `jsonb_build_object('orderId', ${svc}, 'token', ${token}, 'paymentState', ${state}, 'amount', '${API_AMOUNT}', 'currency', 'GBP',
      'capturedAmount', ${capturedAmount}, 'authorizationExpiresAt', to_char((${expiresAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))`
  return [
    `insert into cart (id, currency_code, email, created_at, updated_at, completed_at)
      select ${id("cart", tag)}, 'gbp', 'scale@example.com', t, t, t ${rows}`,
    `insert into payment_collection (id, currency_code, amount, raw_amount, authorized_amount, raw_authorized_amount, captured_amount, raw_captured_amount, status, created_at, updated_at)
      select ${id("pay_col", tag)}, 'gbp', ${AMOUNT}, ${RAW}, ${AMOUNT}, ${RAW},
        case when ${captured} then ${AMOUNT} else 0 end, case when ${captured} then ${RAW} else '{"value":"0","precision":20}'::jsonb end,
        case when ${canceled} then 'canceled' when ${open} then 'authorized' else 'completed' end, t, t ${rows}`,
    `insert into payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, authorized_at, payment_collection_id, created_at, updated_at)
      select ${id("payses", tag)}, 'gbp', ${AMOUNT}, ${RAW}, 'pp_bnpl_bnpl', jsonb_build_object('token', ${token}, 'orderId', ${svc}),
        'authorized', t, ${id("pay_col", tag)}, t, t ${rows}`,
    `insert into payment (id, amount, raw_amount, currency_code, provider_id, data, captured_at, canceled_at, payment_collection_id, payment_session_id, created_at, updated_at)
      select ${id("pay", tag)}, ${AMOUNT}, ${RAW}, 'gbp', 'pp_bnpl_bnpl', ${paymentData},
        case when ${captured} and not (${partial}) then ${capturedAt} end, case when ${canceled} then ${canceledAt} end,
        ${id("pay_col", tag)}, ${id("payses", tag)}, t, t ${rows}`,
    `insert into capture (id, amount, raw_amount, payment_id, created_at, updated_at)
      select ${id("capt", tag)}, case when ${partial} then 50 else ${AMOUNT} end,
        case when ${partial} then '{"value":"50","precision":20}'::jsonb else ${RAW} end, ${id("pay", tag)}, ${capturedAt}, ${capturedAt} ${rows} where ${captured}`,
    `insert into refund (id, amount, raw_amount, payment_id, created_at, updated_at)
      select ${id("ref", tag)}, 10, '{"value":"10","precision":20}'::jsonb, ${id("pay", tag)}, t + interval '3 days', t + interval '3 days' ${rows}
      where ${captured} and ${refunded}`,
    `insert into "order" (id, currency_code, email, status, canceled_at, created_at, updated_at)
      select ${id("order", tag)}, 'gbp', 'scale@example.com', (case when ${orderCanceled} then 'canceled' when ${open} then 'pending' else 'completed' end)::order_status_enum,
        case when ${orderCanceled} then ${canceledAt} end, t, t ${rows}`,
    `insert into order_cart (id, order_id, cart_id, created_at, updated_at) select ${id("ordercart", tag)}, ${id("order", tag)}, ${id("cart", tag)}, t, t ${rows}`,
    `insert into order_payment_collection (id, order_id, payment_collection_id, created_at, updated_at)
      select ${id("ordpaycol", tag)}, ${id("order", tag)}, ${id("pay_col", tag)}, t, t ${rows}`,
    `insert into cart_payment_collection (id, cart_id, payment_collection_id, created_at, updated_at)
      select ${id("capaycol", tag)}, ${id("cart", tag)}, ${id("pay_col", tag)}, t, t ${rows}`,
    `insert into fulfillment (id, location_id, packed_at, shipped_at, created_at, updated_at)
      select ${id("ful", tag)}, 'sloc_scale', ${capturedAt}, ${capturedAt}, ${capturedAt}, ${capturedAt} ${rows} where ${shipped}`,
    `insert into order_fulfillment (id, order_id, fulfillment_id, created_at, updated_at)
      select ${id("ordful", tag)}, ${id("order", tag)}, ${id("ful", tag)}, t, t ${rows} where ${shipped}`,
    `insert into bnpl_courier_update (id, fulfillment_id, service_order_id, sent_at)
      select ${id("bnplcu", tag)}, ${id("ful", tag)}, ${svc}, ${capturedAt} ${rows} where ${shipped} and not (${batch.untold ?? no})`,
    `insert into bnpl_money_operation (id, account, service_order_id, kind, medusa_record_id, request_id, amount, currency, state, created_at, updated_at)
      select ${id("bnplop", tag)}, '${account}', ${svc}, 'capture', ${id("capt", tag)}, ${id("capt", tag)},
        case when ${partial} then '50.00' else '${API_AMOUNT}' end, 'GBP', 'applied', ${capturedAt}, ${capturedAt} ${rows} where ${captured}`,
    `insert into bnpl_money_operation (id, account, service_order_id, kind, medusa_record_id, request_id, amount, currency, state, created_at, updated_at)
      select ${id("bnplopr", tag)}, '${account}', ${svc}, 'refund', ${id("ref", tag)}, ${id("ref", tag)}, '10.00', 'GBP', 'applied',
        t + interval '3 days', t + interval '3 days' ${rows} where ${captured} and ${refunded}`,
    // The timeline is pruned after 180 days (jobs/prune-service-calls.ts): only younger orders have one.
    `insert into bnpl_service_call (id, account, service_order_id, checkout_token, operation, request_id, amount, currency, attempt, started_at, duration_ms, http_status, outcome)
      select 'bnplcall_scale${tag}x' || g || 'x' || k, '${account}', case when k = 1 then null else ${svc} end, ${token},
        (array['Create Checkout', 'Auth', 'Capture Payment'])[k], ${id("payses", tag)}, '${API_AMOUNT}', 'GBP', 1,
        t + (k - 1) * interval '1 minute', 120, case when k = 1 then 201 else 200 end, 'ok'
      ${rows} cross join generate_series(1, 3) k where t > now() - interval '180 days'`,
  ]
}

/** History orders `from`..`to`: order `g` was placed 40 days and `g` times 10 minutes ago. */
export function historySql(from: number, to: number, account: string): string[] {
  return orderBatchSql(
    {
      tag: "h",
      from,
      to,
      createdAt: "now() - interval '40 days' - g * interval '10 minutes'",
      canceled: "g % 50 = 0",
      partial: "g % 25 = 0",
      refunded: "g % 20 = 0",
    },
    account,
  )
}

/** `count` abandoned carts with a pending pay-later session whose checkout expired long ago (one every 100 minutes from 3 days ago). */
export function abandonedCartsSql(count: number): string[] {
  const rows = `from (select g, now() - interval '3 days' - g * interval '100 minutes' as t from generate_series(1, ${count}) g) s`
  return [
    `insert into cart (id, currency_code, email, created_at, updated_at) select ${id("cart", "a")}, 'gbp', 'scale@example.com', t, t ${rows}`,
    `insert into payment_collection (id, currency_code, amount, raw_amount, status, created_at, updated_at)
      select ${id("pay_col", "a")}, 'gbp', ${AMOUNT}, ${RAW}, 'not_paid', t, t ${rows}`,
    `insert into payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id, created_at, updated_at)
      select ${id("payses", "a")}, 'gbp', ${AMOUNT}, ${RAW}, 'pp_bnpl_bnpl',
        jsonb_build_object('token', ${id("tok", "a")}, 'amount', '${API_AMOUNT}', 'currency', 'GBP', 'expires', to_char((t + interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
        'pending', ${id("pay_col", "a")}, t, t ${rows}`,
    `insert into cart_payment_collection (id, cart_id, payment_collection_id, created_at, updated_at)
      select ${id("capaycol", "a")}, ${id("cart", "a")}, ${id("pay_col", "a")}, t, t ${rows}`,
  ]
}

/** The tables the seed writes, for ANALYZE after a batch (a live store's statistics are kept by autovacuum). */
export const SEEDED_TABLES = [
  "cart",
  "payment_collection",
  "payment_session",
  "payment",
  "capture",
  "refund",
  '"order"',
  "order_cart",
  "order_payment_collection",
  "cart_payment_collection",
  "fulfillment",
  "order_fulfillment",
  "bnpl_courier_update",
  "bnpl_money_operation",
  "bnpl_service_call",
]
