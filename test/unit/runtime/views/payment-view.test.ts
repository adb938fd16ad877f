import { buildPaymentView, isSnapshotStale, type MedusaPaymentForView } from "../../../../src/runtime/views/payment-view"
import type { ServicePaymentSnapshot } from "../../../../src/runtime/views/service-payment-snapshots"

const NOW = new Date("2026-11-20T12:00:00Z")
const options = { capture: "manual" as const, expiryWarningHours: 48 }

function payment(overrides: Partial<MedusaPaymentForView> = {}): MedusaPaymentForView {
  return {
    id: "pay_1",
    provider_id: "pp_bnpl_bnpl",
    currency_code: "gbp",
    amount: 94.95,
    captured_at: null,
    canceled_at: null,
    updated_at: "2026-11-20T10:00:00Z",
    data: { orderId: "100000001", paymentState: "AUTH_APPROVED", authorizationExpiresAt: "2026-11-30T10:00:00Z" },
    captures: [],
    refunds: [],
    ...overrides,
  }
}

const read = (fields: Partial<Extract<ServicePaymentSnapshot, { capturedAmount: string }>>): ServicePaymentSnapshot => ({
  readAt: "2026-11-20T11:00:00Z",
  capturedAmount: "0.00",
  ...fields,
})

describe("the order page's view of a pay later payment", () => {
  it("an approved authorisation: everything open, the expiry, no actions of the widget's own", () => {
    const view = buildPaymentView(payment(), options, read({ paymentState: "AUTH_APPROVED", openToCaptureAmount: "94.95" }), [], NOW)
    expect(view).toEqual(
      expect.objectContaining({
        serviceOrderId: "100000001",
        state: "authorised",
        stateSource: "service",
        currency: "GBP",
        amounts: { authorised: "94.95", captured: "0.00", refunded: "0.00", openToCapture: "94.95", refundable: "0.00", released: "0.00" },
        authorizationExpiresAt: "2026-11-30T10:00:00Z",
        expiryWarning: false,
        actions: { captureRest: false, voidRest: false, refund: false },
        medusaNotes: [],
      }),
    )
  })

  it("marks a payment made through an express checkout, and only that one", () => {
    const express = payment({ data: { orderId: "1", paymentState: "AUTH_APPROVED", express: "approved" } })
    expect(buildPaymentView(express, options, undefined, [], NOW).express).toBe(true)
    expect(buildPaymentView(payment(), options, undefined, [], NOW).express).toBe(false)
  })

  it("warns inside expiryWarningHours, and calls an authorisation past its expiry expired with nothing open", () => {
    const soon = payment({ data: { orderId: "1", paymentState: "AUTH_APPROVED", authorizationExpiresAt: "2026-11-21T12:00:00Z" } })
    expect(buildPaymentView(soon, options, undefined, [], NOW).expiryWarning).toBe(true)
    expect(buildPaymentView(soon, { ...options, expiryWarningHours: 12 }, undefined, [], NOW).expiryWarning).toBe(false)
    const past = buildPaymentView(soon, options, undefined, [], new Date("2026-11-22T00:00:00Z"))
    expect(past.state).toBe("expired")
    expect(past.amounts.openToCapture).toBe("0.00")
    expect(past.expiryWarning).toBe(false)
  })

  it("a partly captured payment offers Capture the rest, Void the rest and a refund of what was captured; amounts add up in minor units", () => {
    const view = buildPaymentView(
      payment({ captures: [{ amount: 20.1 }, { amount: { value: "0.2", precision: 20 } }] }),
      options,
      read({ paymentState: "PARTIALLY_CAPTURED", openToCaptureAmount: "74.65", capturedAmount: "20.30" }),
      [],
      NOW,
    )
    expect(view.state).toBe("partly_captured")
    expect(view.amounts).toEqual({
      authorised: "94.95",
      captured: "20.30",
      refunded: "0.00",
      openToCapture: "74.65",
      refundable: "20.30",
      released: "0.00",
    })
    expect(view.actions).toEqual({ captureRest: true, voidRest: true, refund: true })
    expect(view.differences).toEqual([])
    // Medusa's row says Pending and its Refund waits for a capture in full: the box says so.
    expect(view.medusaNotes).toEqual([
      expect.stringMatching(/^Medusa's payment row reads "Pending" until the whole 94.95 GBP is captured/),
      "Medusa's Refund waits for a capture in full: refund the 20.30 GBP captured and not refunded here.",
    ])
  })

  it("after Void the rest: what was released, a Void line with that amount, and the captured money still refundable", () => {
    const view = buildPaymentView(
      payment({ canceled_at: "2026-11-20T12:00:00Z", captures: [{ amount: 50 }], refunds: [{ id: "ref_1", amount: 15 }] }),
      options,
      read({ paymentState: "CAPTURED", openToCaptureAmount: "0.00", capturedAmount: "50.00" }),
      [],
      NOW,
      [
        {
          at: "2026-11-20T12:00:01Z",
          operation: "Void Payment",
          requestId: "pay_1",
          amount: null,
          currency: null,
          attempt: 1,
          durationMs: 40,
          httpStatus: 200,
          outcome: "ok",
        },
        {
          at: "2026-11-20T11:00:00Z",
          operation: "Void Payment",
          requestId: "x-narrow",
          amount: "1.00",
          currency: "GBP",
          attempt: 1,
          durationMs: 40,
          httpStatus: 200,
          outcome: "ok",
        },
      ],
    )
    expect(view.amounts).toMatchObject({
      captured: "50.00",
      refunded: "15.00",
      refundable: "35.00",
      released: "44.95",
      openToCapture: "0.00",
    })
    expect(view.actions).toEqual({ captureRest: false, voidRest: false, refund: true })
    expect(view.timeline.map((entry) => entry.amount)).toEqual(["44.95", "1.00"])
    expect(view.medusaNotes[0]).toMatch(
      /reads "Canceled": the 44.95 GBP not captured was voided and given back to the customer; the 50.00 GBP captured stays captured/,
    )
  })

  it("Void the rest's released amount is the service's, never Medusa's captures: a capture in flight during the void counts there until refused", () => {
    // 49.95 approved, 10.00 captured, a capture of 10.00 in flight when the void went out: Medusa
    // holds it (20.00) until the service refuses it; the service released 39.95.
    const inFlight = payment({
      amount: 49.95,
      canceled_at: "2026-11-20T12:00:00Z",
      captures: [{ amount: 10 }, { amount: 10 }],
      data: { orderId: "100000001", paymentState: "CAPTURED", releasedAmount: "39.95" },
    })
    expect(buildPaymentView(inFlight, options, undefined, [], NOW).amounts.released).toBe("39.95")
    // Medusa's whole-amount capture in flight: its captures read 49.95, the service still released 39.95.
    const whole = payment({ ...inFlight, captures: [{ amount: 10 }, { amount: 39.95 }] })
    expect(buildPaymentView(whole, options, undefined, [], NOW).amounts.released).toBe("39.95")
    // A read of the service since the cancel is the truth when there is one.
    expect(
      buildPaymentView(whole, options, read({ paymentState: "CAPTURED", openToCaptureAmount: "0.00", capturedAmount: "10.00" }), [], NOW)
        .amounts.released,
    ).toBe("39.95")
  })

  it("says where the service and Medusa disagree: more captured at the service, or voided there but open in Medusa", () => {
    const over = buildPaymentView(
      payment({ captures: [{ amount: 20 }] }),
      options,
      read({ paymentState: "CAPTURED", openToCaptureAmount: "0.00", capturedAmount: "94.95" }),
      [],
      NOW,
    )
    expect(over.differences).toEqual(["The service has captured 94.95 GBP; Medusa recorded 20.00 GBP."])
    expect(over.actions).toEqual({ captureRest: false, voidRest: false, refund: true })
    const voided = buildPaymentView(payment(), options, read({ paymentState: "VOIDED", openToCaptureAmount: "0.00" }), [], NOW)
    expect(voided.state).toBe("voided")
    expect(voided.differences).toEqual(["The service says the authorisation is voided; Medusa still shows the payment as open."])
  })

  it("without an answer from the service, shows what Medusa recorded: a canceled payment is voided", () => {
    const view = buildPaymentView(
      payment({ canceled_at: "2026-11-20T11:00:00Z" }),
      options,
      { readAt: "2026-11-20T11:30:00Z", error: "The service did not answer" },
      [],
      NOW,
    )
    expect(view).toEqual(
      expect.objectContaining({ state: "voided", stateSource: "medusa", amounts: expect.objectContaining({ openToCapture: "0.00" }) }),
    )
    expect(view.service).toEqual({ readAt: "2026-11-20T11:30:00Z", error: "The service did not answer" })
  })

  it("reads the service again when Medusa recorded a capture or refund after the last read", () => {
    const snapshot = read({ readAt: "2026-11-20T11:00:00Z" })
    expect(isSnapshotStale(undefined, payment())).toBe(true)
    expect(isSnapshotStale(snapshot, payment())).toBe(false)
    expect(isSnapshotStale(snapshot, payment({ refunds: [{ amount: 10, created_at: "2026-11-20T11:05:00Z" }] }))).toBe(true)
  })
})

describe("a service answer that is another checkout's (payment_mismatch)", () => {
  const mismatch: ServicePaymentSnapshot = {
    readAt: "2026-11-20T11:00:00Z",
    error: "medusa-payment-bnpl: service order 100000001 is not this payment's: ...",
    reason: "payment_mismatch",
    forToken: "tok_own",
  }

  it("is said as such and none of it is merged: Medusa's state and amounts, no differences, no actions", () => {
    const partly = payment({
      captures: [{ amount: 20 }],
      data: { orderId: "100000001", token: "tok_own", paymentState: "PARTIALLY_CAPTURED" },
    })
    const view = buildPaymentView(partly, options, mismatch, [], NOW)
    expect(view.mismatch).toMatch(/is not this payment's/)
    expect(view.stateSource).toBe("medusa")
    expect(view.state).toBe("partly_captured")
    expect(view.amounts.captured).toBe("20.00")
    expect(view.differences).toEqual([])
    expect(view.actions).toEqual({ captureRest: false, voidRest: false, refund: false })
  })

  it("a snapshot taken for another checkout token (or before snapshots were checked) is read again", () => {
    const own = payment({ data: { orderId: "100000001", token: "tok_own" }, updated_at: "2026-11-20T10:00:00Z" })
    expect(isSnapshotStale({ readAt: "2026-11-20T11:00:00Z", capturedAmount: "0.00", forToken: "tok_own" }, own)).toBe(false)
    expect(isSnapshotStale({ readAt: "2026-11-20T11:00:00Z", capturedAmount: "0.00", forToken: "tok_other" }, own)).toBe(true)
    expect(isSnapshotStale({ readAt: "2026-11-20T11:00:00Z", capturedAmount: "0.00" }, own)).toBe(true)
  })

  it("each refund with its reason, note and the references the service was given, oldest first; the timeline as given", () => {
    const refunds = [
      { id: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ", amount: 3, created_at: "2026-11-20T11:30:00Z", note: null, refund_reason: null },
      {
        id: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZP",
        amount: 5,
        created_at: "2026-11-20T11:00:00Z",
        note: "Strap torn\non arrival",
        refund_reason: { label: "Damaged" },
      },
    ]
    const timeline = [
      {
        at: "2026-11-20T11:30:00.000Z",
        operation: "Create Refund",
        requestId: "ref_x",
        amount: "3.00",
        currency: "GBP",
        attempt: 2,
        durationMs: 12,
        httpStatus: 201,
        outcome: "ok",
      },
    ]
    const view = buildPaymentView(payment({ captures: [{ amount: 20 }], refunds }), options, undefined, [], NOW, timeline)
    expect(view.refunds).toEqual([
      {
        refundId: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZP",
        amount: "5.00",
        createdAt: "2026-11-20T11:00:00.000Z",
        reason: "Damaged",
        note: "Strap torn\non arrival",
        merchantReference: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZP",
        refundMerchantReference: "Damaged: Strap torn on arrival [W4E6R5T1Y0ZP]",
      },
      {
        refundId: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ",
        amount: "3.00",
        createdAt: "2026-11-20T11:30:00.000Z",
        reason: null,
        note: null,
        merchantReference: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ",
        refundMerchantReference: "ref_01KAY7X3J9M2Q8W4E6R5T1Y0ZQ",
      },
    ])
    expect(view.amounts.refunded).toBe("8.00")
    expect(view.timeline).toEqual(timeline)
  })
})
