import { serviceRequestSchema } from "../../../src/sandbox/request-schemas"

/**
 * The amounts the sandbox takes (docs/sandbox.md "Strict or as the service"): as the service,
 * any non-negative decimal, rounded half-up to 2 places (docs/service-api.md "Money",
 * "Recorded answers"); strict, exactly 2 decimals, as the plugin sends them.
 */
const refund = (amount: string) => ({ amount: { amount, currency: "GBP" } })
const tolerant = serviceRequestSchema("Create Refund")!
const strict = serviceRequestSchema("Create Refund", true)!

describe("Money amounts in a request", () => {
  it.each([
    ["110.0", "110.00"],
    ["10", "10.00"],
    ["10.005", "10.01"],
    ["10.004", "10.00"],
    ["0.10", "0.10"],
  ])("as the service: %s is taken as %s", (sent, taken) => {
    expect((tolerant.parse(refund(sent)) as any).amount.amount).toBe(taken)
  })

  it("strict: only exactly 2 decimals", () => {
    expect((strict.parse(refund("10.00")) as any).amount.amount).toBe("10.00")
    for (const sent of ["110.0", "10", "10.005"]) expect({ sent, ok: strict.safeParse(refund(sent)).success }).toEqual({ sent, ok: false })
  })

  it("both modes refuse what is not a non-negative decimal", () => {
    for (const sent of ["1,50", "-1.00", "1.", ".5", "ten"]) {
      expect({ sent, tolerant: tolerant.safeParse(refund(sent)).success, strict: strict.safeParse(refund(sent)).success }).toEqual({
        sent,
        tolerant: false,
        strict: false,
      })
    }
  })

  it("rounds amounts nested in items too, and an item price that rounds to 0.00 is still refused as not positive", () => {
    const checkout = (price: string) => ({
      amount: { amount: "10.0", currency: "GBP" },
      consumer: { email: "a@example.com" },
      items: [{ name: "Pin", quantity: 1, price: { amount: price, currency: "GBP" } }],
    })
    const schema = serviceRequestSchema("Create Checkout")!
    expect((schema.parse(checkout("9.5")) as any).items[0].price.amount).toBe("9.50")
    expect(schema.safeParse(checkout("0.004")).success).toBe(false)
  })
})
