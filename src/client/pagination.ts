import type { ListPaymentsQuery, Payment, PaymentsPage } from "./schemas"

/**
 * Every payment matching `query`, advancing by the results a page held (it "may be a subset") until
 * `totalResults` or an empty page. The default order is newest first, so pass `ascending: true` for a
 * stable walk. docs/service-api.md "Pagination envelope". @throws what `fetchPage` throws.
 */
export async function* iterateAllPayments(
  fetchPage: (query: ListPaymentsQuery) => Promise<PaymentsPage>,
  query: ListPaymentsQuery = {},
): AsyncGenerator<Payment, void, undefined> {
  let offset = query.offset ?? 0
  for (;;) {
    const page = await fetchPage({ ...query, offset })
    for (const payment of page.results) yield payment
    offset += page.results.length
    if (page.results.length === 0 || offset >= page.totalResults) return
  }
}
