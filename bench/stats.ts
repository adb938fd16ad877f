/**
 * Summary statistics of timing samples in milliseconds: mean, p50 and p95 (nearest rank).
 * Used by every section of the bench; nothing here measures anything itself.
 */
export interface Summary {
  n: number
  mean: number
  p50: number
  p95: number
}

/** Nearest-rank percentile of sorted samples (`q` from 0 to 1). */
function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[rank]
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || NaN)
  return { n: sorted.length, mean, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }
}

/** Milliseconds since `start` (a `performance.now()` reading). */
export function since(start: number): number {
  return performance.now() - start
}

/** Runs `run` and returns how long it took in milliseconds, with its result. */
export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await run()
  return { ms: since(start), value }
}

/** `12.34` style, or `n/a`. */
export function ms(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a"
}

/** `mean/p50/p95` of a summary, in ms. */
export function triple(summary: Summary, digits = 2): string {
  return `${ms(summary.mean, digits)} / ${ms(summary.p50, digits)} / ${ms(summary.p95, digits)}`
}
