import fc from "fast-check"
import {
  refundReferences,
  REFUND_EVENT_REFERENCE_MAX_LENGTH,
  REFUND_MERCHANT_REFERENCE_MAX_LENGTH,
} from "../../../src/payments/refund-references"
import type { RefundNotes } from "../../../src/payments/refund-references"
import { sandbox, sharedStore, inProcessLock, medusaCapture, core, authorized, useSandboxCore } from "./core-harness"

useSandboxCore()

const REFUND_ID = "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZP"

describe('refund references (docs/service-api.md "Create Refund")', () => {
  it("reason and note, then the refund id's short form; merchantReference is the refund id", () => {
    expect(refundReferences(REFUND_ID, { reason: "Damaged", note: "Box crushed in transit" })).toEqual({
      merchantReference: REFUND_ID,
      refundMerchantReference: "Damaged: Box crushed in transit [W4E6R5T1Y0ZP]",
    })
  })

  it("without a reason or note the event reference names the order and the refund's number, which the settlement file shows", () => {
    const references = refundReferences(REFUND_ID, { reason: null, note: " ", orderDisplayId: 1042, refundNumber: 2 })
    expect(references.merchantReference).toBe(REFUND_ID)
    expect(references.refundMerchantReference).toBe(`Order #1042 refund 2 [${REFUND_ID.slice(-12)}]`)
    // A reason or note is still what the merchant wrote.
    expect(refundReferences(REFUND_ID, { note: "Late", orderDisplayId: 1042, refundNumber: 2 }).refundMerchantReference).toBe(
      `Late [${REFUND_ID.slice(-12)}]`,
    )
  })

  it("without a reason, a note or the order's number the event reference is the refund id", () => {
    expect(refundReferences(REFUND_ID)).toEqual({ merchantReference: REFUND_ID, refundMerchantReference: REFUND_ID })
    expect(refundReferences(REFUND_ID, { reason: "  ", note: null }).refundMerchantReference).toBe(REFUND_ID)
  })

  it("new lines and runs of spaces fold to one space; a long note is cut with ... and keeps the id's end", () => {
    const { refundMerchantReference } = refundReferences(REFUND_ID, { reason: "Other", note: `line one\n\n  line two ${"x".repeat(300)}` })
    expect(refundMerchantReference).toHaveLength(REFUND_EVENT_REFERENCE_MAX_LENGTH)
    expect(refundMerchantReference.startsWith("Other: line one line two xxx")).toBe(true)
    expect(refundMerchantReference.endsWith(`... [${REFUND_ID.slice(-12)}]`)).toBe(true)
  })

  it("never splits a character made of two UTF-16 units", () => {
    const { refundMerchantReference } = refundReferences(REFUND_ID, { note: "📦".repeat(100) })
    expect(refundMerchantReference.length).toBeLessThanOrEqual(REFUND_EVENT_REFERENCE_MAX_LENGTH)
    expect(refundMerchantReference).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })

  it("property: within the lengths, the same inputs give the same references, two refunds never share one", () => {
    const id = fc.string({ minLength: 20, maxLength: 64 }).map((tail) => `ref_${tail.replace(/\s/g, "_")}`)
    const notes: fc.Arbitrary<RefundNotes> = fc.record({
      reason: fc.option(fc.string({ maxLength: 200 })),
      note: fc.option(fc.string({ maxLength: 400 })),
    })
    fc.assert(
      fc.property(id, id, notes, (first, second, words) => {
        const a = refundReferences(first, words)
        expect(a.merchantReference.length).toBeLessThanOrEqual(REFUND_MERCHANT_REFERENCE_MAX_LENGTH)
        expect(a.refundMerchantReference.length).toBeLessThanOrEqual(REFUND_EVENT_REFERENCE_MAX_LENGTH)
        expect(refundReferences(first, { ...words })).toEqual(a)
        if (first.slice(-12) !== second.slice(-12))
          expect(refundReferences(second, words).refundMerchantReference).not.toBe(a.refundMerchantReference)
      }),
    )
  })
})

describe("a refund's references reach the service", () => {
  const notes: Record<string, RefundNotes> = { [REFUND_ID]: { reason: "Damaged", note: "Arrived with a torn strap" } }
  const refundNotes = async (refundId: string) => notes[refundId]

  it("the service's ledger has both references; a resend after lost answers sends the same ones", async () => {
    const store = sharedStore()
    const { operations } = core({}, store, inProcessLock(), { refundNotes })
    const data = await operations.capture({ data: await authorized(operations), capture: medusaCapture() })
    sandbox.control.addFault({ endpoint: "refund", kind: "status", times: 10 })
    // Every answer a 5xx: Medusa keeps its refund; the next money call sends it again.
    const kept = await operations.refund({ data, amountMinor: 1000n, refundId: REFUND_ID })
    expect(sandbox.control.ledger().refunds).toHaveLength(0)
    sandbox.control.clearFaults()
    await operations.refund({ data: kept, amountMinor: 500n, refundId: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ" })
    const expected = refundReferences(REFUND_ID, notes[REFUND_ID])
    expect(
      sandbox.control.ledger().refunds.map(({ requestId, merchantReference, refundMerchantReference }) => ({
        requestId,
        merchantReference,
        refundMerchantReference,
      })),
    ).toEqual([
      { requestId: REFUND_ID, ...expected },
      {
        requestId: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ",
        merchantReference: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ",
        refundMerchantReference: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ",
      },
    ])
    expect(expected.refundMerchantReference).toBe(`Damaged: Arrived with a torn strap [${REFUND_ID.slice(-12)}]`)
  })

  it("Medusa's refund cannot be read: records_unavailable, nothing sent", async () => {
    const { operations } = core({}, sharedStore(), inProcessLock(), {
      refundNotes: async () => Promise.reject(new Error("connection refused")),
    })
    const data = await operations.capture({ data: await authorized(operations), capture: medusaCapture() })
    await expect(operations.refund({ data, amountMinor: 100n, refundId: REFUND_ID })).rejects.toMatchObject({
      reason: "records_unavailable",
    })
    expect(sandbox.control.ledger().refunds).toHaveLength(0)
  })
})
