import type { ListPaymentsQuery, Payment, PaymentsPage } from "./schemas"

/**
 * Every payment matching `query`, page by page (docs/service-api.md "Pagination envelope"). Starts at `query.offset` (default 0), advances the offset by the number of
 * results the page actually held (a page "may be a subset"), and stops at `totalResults` or at
 * an empty page. The document's default order is newest first, so payments created while
 * iterating shift later pages; pass `ascending: true` for a stable walk.
 * @throws whatever `fetchPage` throws (a BnplApiError), after the payments already yielded.
 */
export async function* iterateAllPayments(
  fetchPage: (query: ListPaymentsQuery) => Promise<PaymentsPage>,
  query: ListPaymentsQuery = {}
): AsyncGenerator<Payment, void, undefined> {
  let offset = query.offset ?? 0
  for (;;) {
    const page = await fetchPage({ ...query, offset })
    for (const payment of page.results) yield payment
    offset += page.results.length
    if (page.results.length === 0 || offset >= page.totalResults) return
  }
}
