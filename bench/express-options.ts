import type { Sandbox } from "../src/sandbox"
import { summarize, type Summary } from "./stats"
import type { StoreApi } from "./store-api"

/**
 * Section 7: the express popup's wait for the store's shipping options (issue 31: "well
 * inside the popup's patience", target under 500 ms for 3 items and 3 options). Each run
 * makes a fresh express cart (untimed: 3 items, the express start), then times one
 * `POST /store/bnpl/carts/:id/express/shipping-options` with a GB address from the popup: the
 * address put on the cart and every shipping option's totals. Run with the sandbox answering
 * at once and `latencyMs` late (the route reads the account's limits, normally cached).
 */
export interface ExpressOptionsRow {
  latencyMs: number
  items: number
  options: number
  time: Summary
}

/** The popup's GB preset, in the documented address shape (docs/service-api.md "Express checkout"). */
const POPUP_ADDRESS = { name: "Bench Shopper", address1: "1 Bench Street", suburb: "London", postcode: "SW1A 1AA", countryCode: "GB" }

const EVERY_REQUEST = 1_000_000_000

export async function measureExpressShippingOptions(
  sandbox: Sandbox,
  store: StoreApi,
  storefrontOrigin: string,
  { latencies = [0, 100], runs = 10 }: { latencies?: number[]; runs?: number } = {},
): Promise<ExpressOptionsRow[]> {
  const rows: ExpressOptionsRow[] = []
  // Store.expressCart's: a tote and two tea towels.
  const items = 3
  for (const latencyMs of latencies) {
    if (latencyMs > 0) sandbox.control.addFault({ endpoint: "*", kind: "latency", delayMs: latencyMs, times: EVERY_REQUEST })
    try {
      const times: number[] = []
      let options = 0
      // The first run compiles Medusa's queries: untimed.
      for (let run = 0; run <= runs; run++) {
        const cartId = await store.expressCart(storefrontOrigin)
        const start = performance.now()
        options = await store.expressShippingOptions(cartId, storefrontOrigin, POPUP_ADDRESS)
        if (run > 0) times.push(performance.now() - start)
      }
      rows.push({ latencyMs, items, options, time: summarize(times) })
    } finally {
      sandbox.control.clearFaults()
    }
  }
  return rows
}

/** The section's table. */
export function renderExpressOptions(rows: ExpressOptionsRow[]): string {
  const lines = [
    "7. Express: the popup's wait for shipping options (POST /store/bnpl/carts/:id/express/shipping-options), target < 500 ms",
    "| service latency | items | options offered | runs | p50 | p95 | mean |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.latencyMs} ms | ${row.items} | ${row.options} | ${row.time.n} | ${row.time.p50.toFixed(0)} ms | ${row.time.p95.toFixed(0)} ms | ${row.time.mean.toFixed(0)} ms |`,
    ),
  ]
  return lines.join("\n")
}
