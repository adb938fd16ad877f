import type { Request } from "express"
import type { SandboxHandlers } from "../endpoint"
import { nextPageUrl, parseListPaymentsQuery } from "../list-payments-query"
import { paymentBody, type StoredPayment } from "../payment-lifecycle"
import { errorResult, jsonResult } from "../result"
import { LIST_PAYMENTS_DEFAULT_LIMIT } from "../rules"

type OrderBy = "createdAt" | "id" | "totalAmount" | "merchantReference" | "email"

const compareBy: Record<OrderBy, (a: StoredPayment, b: StoredPayment) => number> = {
  createdAt: (a, b) => a.createdAtMs - b.createdAtMs,
  id: (a, b) => compareIds(a.id, b.id),
  totalAmount: (a, b) => (a.originalMinor < b.originalMinor ? -1 : a.originalMinor > b.originalMinor ? 1 : 0),
  merchantReference: (a, b) => (a.merchantReference ?? "").localeCompare(b.merchantReference ?? ""),
  email: (a, b) => (a.orderDetails.consumer?.email ?? "").localeCompare(b.orderDetails.consumer?.email ?? ""),
}

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)
}

function rawQueryOf(req: Request): string {
  const question = req.originalUrl.indexOf("?")
  return question < 0 ? "" : req.originalUrl.slice(question + 1)
}

/** docs/service-api.md "List Payments", "Get Payment" and "Get Payment By Token". */
export const paymentReadHandlers = {
  "List Payments": ({ req, store, account }) => {
    const rawQuery = rawQueryOf(req)
    const query = parseListPaymentsQuery(rawQuery)
    const limit = query.limit ?? LIST_PAYMENTS_DEFAULT_LIMIT
    const offset = query.offset ?? 0
    const from = query.fromCreatedDate === undefined ? -Infinity : Date.parse(query.fromCreatedDate)
    const to = query.toCreatedDate === undefined ? Infinity : Date.parse(query.toCreatedDate)
    const matches = store
      .paymentsOf(account.merchantId)
      .filter(
        (payment) =>
          payment.createdAtMs >= from &&
          payment.createdAtMs <= to &&
          (!query.ids || query.ids.includes(payment.id)) &&
          (!query.tokens || query.tokens.includes(payment.token)) &&
          (!query.statuses || query.statuses.includes(payment.status)) &&
          (!query.merchantReferences ||
            (payment.merchantReference !== undefined && query.merchantReferences.includes(payment.merchantReference))),
      )
    const compare = compareBy[query.orderBy ?? "createdAt"]
    matches.sort((a, b) => compare(a, b) || compareIds(a.id, b.id))
    // Rule 3: newest (largest) first unless ascending=true.
    if (query.ascending !== true) matches.reverse()
    const page = {
      limit,
      offset,
      totalResults: matches.length,
      results: matches.slice(offset, offset + limit).map(paymentBody),
    }
    if (query.includeNextLink !== true) return jsonResult(200, page)
    const hasNextPage = offset + limit < matches.length
    return jsonResult(200, {
      ...page,
      nextPageUrl: hasNextPage ? nextPageUrl(store.settings.publicUrl, rawQuery, offset + limit, limit) : "",
    })
  },

  "Get Payment": ({ store, params, account }) => {
    const payment = store.paymentOf(account.merchantId, params.orderId)
    if (!payment) return errorResult(404, "not_found", `No payment ${params.orderId}`)
    return jsonResult(200, paymentBody(payment))
  },

  "Get Payment By Token": ({ store, params, account }) => {
    const payment = store.paymentByToken(account.merchantId, params.token)
    if (!payment) return errorResult(404, "not_found", `No payment token:${params.token}`)
    return jsonResult(200, paymentBody(payment))
  },
} satisfies Partial<SandboxHandlers>
