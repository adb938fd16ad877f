import type { ReactElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { PayLaterButton, PayLaterMessage, PayLaterProcessing, PayLaterReturnNotice } from "../../../src/react"
import { readCartStatus, readCompleteResult, readReason, readStartResult } from "../../../src/react/read-answers"
import { consoleWarnings } from "./console-warnings"
import type { PayLaterEligibility } from "../../../src/storefront"

// What a broken store, a proxy's page or a hostile answer can put where the components read.
const HUGE = "9".repeat(200_000)
const MARKUP = "<img src=x onerror=alert(1)>"
const never = () => new Promise<never>(() => {})
const html = (element: ReactElement) => renderToStaticMarkup(element)

/** The component's console warnings. */
const warnings = consoleWarnings()

describe("<PayLaterMessage> with bad limits renders the empty line, never throws, warns once", () => {
  const GBP = { eligible: true, minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" }
  const hostile: Array<[string, unknown]> = [
    ["a currency that is not ISO 4217 (Intl's RangeError)", { ...GBP, currency: "G1P" }],
    ["a four-letter currency", { ...GBP, currency: "GBPX" }],
    ["a huge currency", { ...GBP, currency: "G".repeat(100_000) }],
    ["a number for the currency", { ...GBP, currency: 826 }],
    ["numbers for the amounts", { ...GBP, minimumAmount: 1, maximumAmount: 1000 }],
    ["a string for eligible", { ...GBP, eligible: "true" }],
    ["no eligible at all", { minimumAmount: "1.00", maximumAmount: "1000.00", currency: "GBP" }],
    ["an amount that is not a decimal", { ...GBP, maximumAmount: "1e3" }],
    ["a 200,000-digit amount", { ...GBP, maximumAmount: HUGE }],
    ["a made-up reason with markup", { ...GBP, eligible: false, reason: MARKUP }],
    ["null", null],
    ["an array", [GBP]],
    ["a string", "GBP"],
  ]

  it.each(hostile)("%s", (_label, limits) => {
    let markup = ""
    expect(
      () => (markup = html(<PayLaterMessage amount={45} currency="gbp" limits={limits as PayLaterEligibility} locale="en-GB" />)),
    ).not.toThrow()
    if (limits !== null) {
      // Nothing shown, the line's space kept (null limits are "not known yet": the same empty line).
      expect(markup).toMatch(/^<div[^>]*data-eligible="hidden"[^>]*><\/div>$/)
      expect(markup).toContain("min-height:1.5em")
    }
    expect(markup).not.toContain("<img")
    expect(markup).not.toContain("9".repeat(50))
    expect(markup.length).toBeLessThan(300)
  })

  it("warns once for the component and reason, however often it renders", () => {
    const bad = { ...GBP, currency: "G1P" } as PayLaterEligibility
    for (let index = 0; index < 20; index++) html(<PayLaterMessage amount={45} currency="gbp" limits={bad} />)
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toMatch(/^medusa-payment-bnpl-storefront\/react: <PayLaterMessage> limits that are not an eligibility answer/)
    expect(warnings()[0].length).toBeLessThan(400)
  })

  it("a malformed locale reads as English; a bad instalment count hides the line rather than throwing", () => {
    expect(html(<PayLaterMessage amount={45} currency="gbp" limits={GBP} locale="not a locale!" />)).toContain(
      "Pay later on orders from £1.00 to £1,000.00.",
    )
    expect(html(<PayLaterMessage amount={45} currency="gbp" limits={GBP} instalments={2.5} />)).toContain('data-eligible="hidden"')
    expect(html(<PayLaterMessage amount={45} currency={undefined as unknown as string} limits={GBP} />)).toContain('data-eligible="hidden"')
  })

  it("good limits still show, lower-case currency included", () => {
    expect(html(<PayLaterMessage amount={45} currency="gbp" limits={{ ...GBP, currency: "gbp" }} locale="en-GB" />)).toContain(
      "Pay later on orders from £1.00 to £1,000.00.",
    )
    expect(warnings()).toEqual([])
  })
})

describe("<PayLaterButton>: what its start action answers", () => {
  const FALLBACK = "Pay later could not be started."
  const read = (value: unknown) => readStartResult(value, "PayLaterButton", FALLBACK)

  it("renders without calling start, whatever the props", () => {
    expect(html(<PayLaterButton start={never} fallbackMessage={MARKUP} />)).not.toContain("<img")
  })

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "https://pay.example/checkout"],
    ["an empty object", {}],
    ["an error without a message", { error: {} }],
    ["an error that is a string", { error: "declined" }],
  ])("%s shows the fallback message", (_label, value) => {
    expect(read(value)).toEqual({ error: { reason: "unknown", message: FALLBACK } })
  })

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "/checkout"],
    ["a number", 42],
    ["a huge URL", `https://pay.example/${"x".repeat(10_000)}`],
  ])("a redirectUrl that is %s is never followed", (_label, redirectUrl) => {
    expect(read({ redirectUrl })).toEqual({ error: { reason: "unknown", message: FALLBACK } })
  })

  it("a good answer passes; a huge message is cut; an unknown reason reads as unknown", () => {
    expect(read({ redirectUrl: "https://pay.example/checkout?token=t" })).toEqual({ redirectUrl: "https://pay.example/checkout?token=t" })
    const cut = read({ error: { reason: "declined", message: HUGE } })
    expect("error" in cut && cut.error.message.length).toBeLessThanOrEqual(501)
    expect(read({ error: { reason: MARKUP, message: 5 } })).toEqual({ error: { reason: "unknown", message: FALLBACK } })
    expect(read({ error: { reason: "missing_email", message: "" } })).toEqual({
      error: { reason: "missing_email", message: "Please enter your e-mail address before choosing pay later." },
    })
  })

  it("warns once per reason", () => {
    read({ redirectUrl: "javascript:alert(1)" })
    read({ redirectUrl: "javascript:alert(2)" })
    read(undefined)
    expect(warnings()).toHaveLength(2)
    expect(warnings()[0]).toContain("<PayLaterButton> redirectUrl is not an http(s) URL")
  })
})

describe("<PayLaterProcessing>: what its status check answers", () => {
  const read = (value: unknown) => readCartStatus(value, "PayLaterProcessing")

  it("renders the polling view without calling check", () => {
    expect(html(<PayLaterProcessing check={never} orderUrl={`/order/{order_id}${MARKUP}`} />)).toContain('role="status"')
  })

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "completed"],
    ["an unknown status", { status: "done" }],
    ["a status in capitals", { status: "COMPLETED", order_id: "order_1" }],
    ["completed without an order id", { status: "completed" }],
    ["completed with a number for the order id", { status: "completed", order_id: 12 }],
    ["completed with a path for the order id", { status: "completed", order_id: "../../admin" }],
    ["completed with a huge order id", { status: "completed", order_id: "o".repeat(100_000) }],
  ])("%s reads as processing: the time-out, not one bad poll, decides", (_label, value) => {
    expect(read(value)).toEqual({ status: "processing" })
  })

  it("failed keeps a reason that looks like one, else payment_failed", () => {
    expect(read({ status: "failed", reason: "declined" })).toEqual({ status: "failed", reason: "declined" })
    expect(read({ status: "failed", reason: MARKUP })).toEqual({ status: "failed", reason: "payment_failed" })
    expect(read({ status: "failed", reason: "x".repeat(100_000) })).toEqual({ status: "failed", reason: "payment_failed" })
    expect(read({ status: "failed" })).toEqual({ status: "failed", reason: "payment_failed" })
    expect(read({ status: "completed", order_id: "order_01JABC" })).toEqual({ status: "completed", order_id: "order_01JABC" })
  })
})

describe("<PayLaterReturnNotice>: its reason from the address bar and its actions' answers", () => {
  it.each([
    ["markup", MARKUP],
    ["a huge string", "x".repeat(100_000)],
    ["a number", 404],
    ["undefined", undefined],
  ])("a reason that is %s shows the payment_failed message, never the value", (_label, reason) => {
    let markup = ""
    expect(
      () => (markup = html(<PayLaterReturnNotice reason={reason as never} start={never} orderUrl="/order/{order_id}" />)),
    ).not.toThrow()
    expect(markup).toContain('data-reason="payment_failed"')
    expect(markup).toContain("The payment could not be completed.")
    expect(markup).not.toContain("<img")
    expect(markup.length).toBeLessThan(500)
  })

  it("warns once for bad reasons, however often it renders", () => {
    for (let index = 0; index < 5; index++) html(<PayLaterReturnNotice reason={MARKUP as never} start={never} orderUrl="/" />)
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0]).toMatch(/<PayLaterReturnNotice> unknown reason/)
  })

  it("a retry answer that is not an order or an error reads as payment_failed; an order id must look like one", () => {
    const read = (value: unknown) => readCompleteResult(value, "PayLaterReturnNotice")
    const failed = { error: { reason: "payment_failed", message: expect.stringMatching(/^The payment could not be completed/) } }
    expect(read(undefined)).toEqual(failed)
    expect(read({ orderId: 5 })).toEqual(failed)
    expect(read({ orderId: "javascript:alert(1)" })).toEqual(failed)
    expect(read({ error: { reason: MARKUP, message: null } })).toEqual(failed)
    expect(read({ error: { reason: "declined", message: "Declined." } })).toEqual({ error: { reason: "declined", message: "Declined." } })
    expect(read({ orderId: "order_01JABC" })).toEqual({ orderId: "order_01JABC" })
  })

  it("readReason keeps a reason a newer plugin may send", () => {
    expect(readReason("a_new_reason", "PayLaterReturnNotice")).toBe("a_new_reason")
    expect(readReason("cart_changed", "PayLaterReturnNotice")).toBe("cart_changed")
  })
})
