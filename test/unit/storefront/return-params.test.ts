import { readPayLaterReturn, withoutReturnParameters } from "../../../src/storefront"

describe("readPayLaterReturn", () => {
  it("reads bnpl_error from URLSearchParams, Next.js searchParams objects and useSearchParams()", () => {
    expect(readPayLaterReturn(new URLSearchParams("step=payment&bnpl_error=cancelled"))).toEqual({ kind: "error", reason: "cancelled" })
    expect(readPayLaterReturn({ step: "payment", bnpl_error: "declined" })).toEqual({ kind: "error", reason: "declined" })
    expect(readPayLaterReturn({ bnpl_error: ["expired", "cancelled"] })).toEqual({ kind: "error", reason: "cancelled" })
    const readOnly = { get: (name: string) => (name === "bnpl_error" ? "not_confirmed" : null) }
    expect(readPayLaterReturn(readOnly)).toEqual({ kind: "error", reason: "not_confirmed" })
  })

  it("bnpl_status=processing wins, and nothing is nothing", () => {
    expect(readPayLaterReturn(new URLSearchParams("bnpl_status=processing&bnpl_error=payment_failed"))).toEqual({ kind: "processing" })
    expect(readPayLaterReturn(new URLSearchParams("step=payment"))).toEqual({ kind: "none" })
    expect(readPayLaterReturn(undefined)).toEqual({ kind: "none" })
  })

  it("an unknown reason reads as payment_failed", () => {
    expect(readPayLaterReturn({ bnpl_error: "<script>" })).toEqual({ kind: "error", reason: "payment_failed" })
  })
})

describe("withoutReturnParameters", () => {
  it("drops bnpl_error and bnpl_status and keeps the rest", () => {
    expect(withoutReturnParameters("https://shop.example/gb/checkout?step=payment&bnpl_error=cancelled#pay")).toBe(
      "https://shop.example/gb/checkout?step=payment#pay",
    )
    expect(withoutReturnParameters("/gb/checkout?bnpl_status=processing")).toBe("/gb/checkout")
    expect(withoutReturnParameters("/gb/checkout?step=payment")).toBe("/gb/checkout?step=payment")
  })
})
