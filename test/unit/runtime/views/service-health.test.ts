import { healthWarnings, logWarningsOnce, windowOf, type HealthWindow } from "../../../../src/runtime/views/service-health"
import type { OperationFigures } from "../../../../src/runtime/records/service-call-health"

/** One operation's figures: `tries` of which `faults` failed, p95 `p95Ms`. */
function figures(
  operation: string,
  tries: number,
  { ok = tries, declined = 0, errors = 0, faults = 0, p95Ms = 100 } = {},
): OperationFigures {
  return { operation, tries, ok, declined, errors, faults, p50Ms: 50, p95Ms }
}

const usualOf = (window: HealthWindow) => ({ tries: window.tries, errorRate: window.errorRate, endpoints: window.endpoints })

describe('the health card\'s figures and warnings (docs/operations.md "Observability")', () => {
  it("a window: approvals and declines from Auth, cancellations from their rows, errors and faults over every call's tries", () => {
    const window = windowOf(
      1,
      [
        figures("Auth", 15, { ok: 10, declined: 2, faults: 3 }),
        figures("Checkout cancelled", 1, { ok: 0 }),
        figures("Create Checkout", 13, { errors: 1 }),
      ],
      undefined,
    )
    expect(window).toMatchObject({ approvals: 10, declines: 2, cancellations: 1, tries: 28, errors: 1, faults: 3, lastFailure: null })
    expect(window.approvalRate).toBeCloseTo(10 / 13)
    expect(window.errorRate).toBeCloseTo(4 / 28)
    expect(window.endpoints.map((row) => row.endpoint)).toEqual(["Auth", "Create Checkout"])
    expect(windowOf(24, [], undefined)).toMatchObject({ approvalRate: null, errorRate: null, endpoints: [] })
  })

  it("warns when the last hour's error rate is 3 times the usual and 10 points above it, and not before", () => {
    const usual = usualOf(windowOf(1, [figures("Get Payment", 200, { faults: 2 })], undefined)) // 1%
    const hour = (faults: number) => windowOf(1, [figures("Get Payment", 100, { faults })], undefined)
    expect(healthWarnings(hour(10), usual)).toEqual([])
    expect(healthWarnings(hour(11), usual)).toEqual(["Errors and faults in the last hour: 11.0% of calls, against a usual 1.0%."])
    // With a usual of 10%, 20% is not three times it; 30% is.
    const busy = usualOf(windowOf(1, [figures("Get Payment", 200, { faults: 20 })], undefined))
    expect(healthWarnings(hour(29), busy)).toEqual([])
    expect(healthWarnings(hour(30), busy)).toHaveLength(1)
  })

  it("warns of an endpoint whose p95 is twice its usual and 500 ms above it; never without enough tries on either side", () => {
    const usual = usualOf(windowOf(1, [figures("Auth", 100, { p95Ms: 400 })], undefined))
    const hour = (p95Ms: number, tries = 20) => windowOf(1, [figures("Auth", tries, { p95Ms })], undefined)
    expect(healthWarnings(hour(899), usual)).toEqual([])
    expect(healthWarnings(hour(900), usual)).toEqual(["Auth is slow: p95 900 ms in the last hour, against a usual 400 ms."])
    expect(healthWarnings(hour(5000, 9), usual)).toEqual([])
    const young = usualOf(windowOf(1, [figures("Auth", 49, { p95Ms: 400 })], undefined))
    expect(healthWarnings(hour(5000), young)).toEqual([])
  })

  it("a warning is logged once while it lasts, and again when it comes back", () => {
    const lines: string[] = []
    const logger = { warn: (line: string) => lines.push(line) }
    logWarningsOnce("acct-once", ["Auth is slow"], logger)
    logWarningsOnce("acct-once", ["Auth is slow"], logger)
    expect(lines).toEqual(["medusa-payment-bnpl: account acct-once: Auth is slow"])
    logWarningsOnce("acct-once", [], logger)
    logWarningsOnce("acct-once", ["Auth is slow"], logger)
    expect(lines).toHaveLength(2)
  })
})
