/** One step an actor took, kept in memory so a violation can show every step that touched its cart or payment. */
export interface HistoryStep {
  /** Milliseconds since the soak started. */
  at: number
  /** e.g. `shopper-3`, `admin-1`, `chaos`, `faults`. */
  actor: string
  /** e.g. `checkout`, `return`, `capture`, `refund`, `cancel`, `kill server-a`. */
  step: string
  cart?: string
  /** The Medusa order id. */
  order?: string
  /** The Medusa payment id. */
  payment?: string
  /** The service's order id (the approval). */
  serviceOrder?: string
  token?: string
  /** HTTP status, when the step was a request. */
  status?: number
  /** What came of it, in a few words. */
  result: string
  /** How long it took, ms. */
  ms?: number
}

/** The soak's history: append-only, read by the checker and the figures at the end. */
export class History {
  readonly steps: HistoryStep[] = []
  private startedAt = Date.now()

  /** Times steps from now (once the deployment is up). */
  startClock(): void {
    this.startedAt = Date.now()
  }

  add(step: Omit<HistoryStep, "at">): HistoryStep {
    const entry = { at: Date.now() - this.startedAt, ...step }
    this.steps.push(entry)
    return entry
  }
}

/** The steps that name any of `keys` (cart, order, payment, service order or token). */
export function stepsTouching(steps: readonly HistoryStep[], keys: Array<string | undefined>): HistoryStep[] {
  const wanted = new Set(keys.filter((key): key is string => Boolean(key)))
  if (!wanted.size) return []
  return steps.filter((step) => [step.cart, step.order, step.payment, step.serviceOrder, step.token].some((key) => key && wanted.has(key)))
}

export function formatStep(step: HistoryStep): string {
  const ids = [step.cart, step.order, step.payment, step.serviceOrder].filter(Boolean).join(" ")
  const status = step.status === undefined ? "" : ` ${step.status}`
  const ms = step.ms === undefined ? "" : ` (${step.ms} ms)`
  return `  +${(step.at / 1000).toFixed(1)}s ${step.actor} ${step.step} ${ids}${status}: ${step.result}${ms}`
}
