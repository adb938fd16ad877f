import { MedusaError } from "@medusajs/framework/utils"
import { shopperMedusaError, toMedusaError } from "../../../src/providers/bnpl/errors"
import { PaymentError } from "../../../src/payments/errors"

// What Medusa shows for a failed operation of the provider: a MedusaError becomes a 4xx with
// its message and `code` (the reason storefronts read); a plain Error would be a 500.
describe("the provider's errors", () => {
  it("carry the core's reason as the code and its kind as Medusa's type", () => {
    const error = toMedusaError(new PaymentError("invalid_request", "the amount is more than is available"))
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.code).toBe("invalid_request")
    expect(error.message).toBe("the amount is more than is available")
  })

  it("pass a MedusaError through unchanged", () => {
    const original = new MedusaError(MedusaError.Types.NOT_FOUND, "no such cart")
    expect(toMedusaError(original)).toBe(original)
  })

  it("describe anything else as a MedusaError naming the operation, never as a bare 500", () => {
    const error = toMedusaError(new Error("socket hang up"), "Capture")
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.message).toContain("Capture")
    expect(typeof error.code).toBe("string")
  })

  it("give a shopper's reason as the code storefronts read", () => {
    const error = shopperMedusaError("declined")
    expect(error.code).toBe("declined")
    expect(error.message.length).toBeGreaterThan(0)
  })
})
