/** The consumer screen's instalment plan; the document names none, so it is an option. */
export interface PaymentScheduleRule {
  /** 1 to 24. */
  instalments: number
  /** 1 to 366. */
  intervalDays: number
}

export const DEFAULT_PAYMENT_SCHEDULE: Readonly<PaymentScheduleRule> = Object.freeze({ instalments: 4, intervalDays: 14 })

/** When it is due (sandbox clock) and how much, in minor units. */
export interface Instalment {
  dueAtMs: number
  amountMinor: bigint
}

const DAY_MS = 24 * 60 * 60 * 1000

/** @throws RangeError naming the option and the rule. */
export function paymentScheduleRule(options: Partial<PaymentScheduleRule> = {}): PaymentScheduleRule {
  const rule = { ...DEFAULT_PAYMENT_SCHEDULE, ...options }
  if (!Number.isInteger(rule.instalments) || rule.instalments < 1 || rule.instalments > 24) {
    throw new RangeError(`paymentSchedule.instalments must be a whole number from 1 to 24, got ${options.instalments}`)
  }
  if (!Number.isInteger(rule.intervalDays) || rule.intervalDays < 1 || rule.intervalDays > 366) {
    throw new RangeError(`paymentSchedule.intervalDays must be a whole number from 1 to 366, got ${options.intervalDays}`)
  }
  return rule
}

/** Equal shares in minor units, the odd pennies with the first, so they add up to the total exactly. */
export function paymentSchedule(totalMinor: bigint, startMs: number, rule: PaymentScheduleRule): Instalment[] {
  const count = BigInt(rule.instalments)
  const share = totalMinor / count
  const remainder = totalMinor - share * count
  return Array.from({ length: rule.instalments }, (_, index) => ({
    dueAtMs: startMs + index * rule.intervalDays * DAY_MS,
    amountMinor: index === 0 ? share + remainder : share,
  }))
}
