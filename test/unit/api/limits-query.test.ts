import { limitsQuerySchema, validateLimitsQuery } from "../../../src/api/store/bnpl/limits/query"

describe("GET /store/bnpl/limits query", () => {
  it("takes a currency and an optional amount in major units", () => {
    expect(limitsQuerySchema.parse({ currency_code: "gbp" })).toEqual({ currency_code: "GBP" })
    expect(limitsQuerySchema.parse({ currency_code: "EUR", amount: "49.95" })).toEqual({ currency_code: "EUR", amount: "49.95" })
    expect(limitsQuerySchema.parse({ currency_code: "eur", amount: "10.0049" }).amount).toBe("10.0049")
  })

  it.each([
    [{}, "currency_code", "is required"],
    [{ currency_code: "pounds" }, "currency_code", "three-letter"],
    [{ currency_code: "gbp", amount: "-1" }, "amount", "non-negative decimal"],
    [{ currency_code: "gbp", amount: "1e3" }, "amount", "non-negative decimal"],
    [{ currency_code: "gbp", amount: ["1", "2"] }, "amount", ""],
  ])("refuses %j naming %s", (query, field, rule) => {
    const result = limitsQuerySchema.safeParse(query)
    expect(result.success).toBe(false)
    expect(result.error!.issues[0].path).toEqual([field])
    expect(result.error!.issues[0].message).toContain(rule)
  })

  it("refuses a parameter it does not know, so a misspelling is not ignored", () => {
    const result = limitsQuerySchema.safeParse({ currency_code: "gbp", ammount: "1" })
    expect(result.success).toBe(false)
    expect(result.error!.issues[0].code).toBe("unrecognized_keys")
  })
})

describe("GET /store/bnpl/limits: what an error message may echo", () => {
  /** The message validateLimitsQuery answers for a query. */
  function refusal(query: Record<string, unknown>): string {
    let error: Error | undefined
    validateLimitsQuery({ query } as never, {} as never, (thrown?: unknown) => (error = thrown as Error))
    if (!error) throw new Error(`accepted ${JSON.stringify(query)}`)
    return error.message
  }

  it("a 6,000-character parameter name is cut to 40 characters", () => {
    const name = "x".repeat(6000)
    const message = refusal({ currency_code: "gbp", [name]: "1" })
    expect(message).toMatch(/^x{40}… is not a parameter of this route: GET \/store\/bnpl\/limits/)
    expect(message.length).toBeLessThan(200)
  })

  it("markup in a parameter name is never sent back", () => {
    const message = refusal({ currency_code: "gbp", "<script>alert(1)</script>": "1" })
    expect(message).not.toContain("<script")
    expect(message).not.toContain("alert(1)")
    expect(message).toMatch(/^\?script\?alert\?1\?\?\?script\? is not a parameter/)
  })
})
