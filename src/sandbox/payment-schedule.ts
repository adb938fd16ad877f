/**
 * The instalment plan the sandbox's consumer screen shows: `count` instalments, the first
 * today and one every `intervalDays` after it. The service's document names no plan, so the
 * sandbox's is an option (`SandboxOptions.paymentSchedule`); by default 4 fortnightly ones,
 * the common buy-now-pay-later plan.
 */
export interface PaymentScheduleRule {
  /** Number of instalments, 1 to 24; default 4. */
  instalments: number
  /** Days between two instalments, 1 to 366; default 14 (fortnightly). */
  intervalDays: number
}

export const DEFAULT_PAYMENT_SCHEDULE: Readonly<PaymentScheduleRule> = Object.freeze({ instalments: 4, intervalDays: 14 })

/** One instalment: when it is due (ms since the epoch, sandbox clock) and how much, in minor units. */
export interface Instalment {
  dueAtMs: number
  amountMinor: bigint
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * A rule from options, checked: whole numbers in range.
 * @throws RangeError naming the option and the rule.
 */
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

/**
 * The instalments of `totalMinor`: equal shares in minor units, the pennies that do not
 * divide evenly paid with the first (94.95 in 4: 23.76, 23.73, 23.73, 23.73), so they add up
 * to the total exactly.
 */
export function paymentSchedule(totalMinor: bigint, startMs: number, rule: PaymentScheduleRule): Instalment[] {
  const count = BigInt(rule.instalments)
  const share = totalMinor / count
  const remainder = totalMinor - share * count
  return Array.from({ length: rule.instalments }, (_, index) => ({
    dueAtMs: startMs + index * rule.intervalDays * DAY_MS,
    amountMinor: index === 0 ? share + remainder : share,
  }))
}
