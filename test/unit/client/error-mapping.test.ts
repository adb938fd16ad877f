import {
  BnplAlreadyCapturedError,
  BnplApiError,
  BnplConflictError,
  BnplConnectionLostError,
  BnplDeclinedError,
  BnplInvalidAmountError,
  BnplInvalidRequestError,
  BnplInvalidTokenError,
  BnplNetworkError,
  BnplNotConfirmedError,
  BnplNotFoundError,
  BnplPreconditionFailedError,
  BnplRefundTimeLimitError,
  BnplServerError,
  BnplTimeoutError,
  BnplUnauthorizedError,
  BnplUnsupportedError,
  errorFromResponse,
  errorFromTransport,
  isStaleConnection,
  withOutcome,
  type ConnectionState,
} from "../../../src/client"

const same = (text: string) => text

/** One class per reason: what a caller tests with `instanceof` instead of comparing `code`. */
const CLASS_OF_CODE = {
  invalid_token: BnplInvalidTokenError,
  not_confirmed: BnplNotConfirmedError,
  invalid_request: BnplInvalidRequestError,
  server_error: BnplServerError,
  not_found: BnplNotFoundError,
  precondition_failed: BnplPreconditionFailedError,
  invalid_amount: BnplInvalidAmountError,
  already_captured: BnplAlreadyCapturedError,
  conflict: BnplConflictError,
  refund_timelimit_exceeded: BnplRefundTimeLimitError,
  unsupported: BnplUnsupportedError,
  unauthorized: BnplUnauthorizedError,
} as const
const json = (body: unknown) => JSON.stringify(body)

describe("errorFromResponse (docs/service-api.md, Errors)", () => {
  it.each([
    ["Auth", 402, { errorCode: "invalid_token", errorId: "e1", message: "bad token", httpStatusCode: 402 }, "invalid_token"],
    ["Auth", 412, { errorCode: "invalid_order_transaction_status" }, "not_confirmed"],
    ["Auth", 422, { errorCode: "invalid_object" }, "invalid_request"],
    ["List Payments", 422, { errorCode: "error" }, "invalid_request"],
    ["List Payments", 500, { errorCode: "error" }, "server_error"],
    ["Get Checkout", 404, { errorCode: "not_found" }, "not_found"],
    ["Get Checkout", 412, { errorCode: "invalid_token" }, "invalid_token"],
    ["Create Refund", 412, { errorCode: "precondition_failed" }, "precondition_failed"],
    ["Create Refund", 422, { errorCode: "invalid_amount" }, "invalid_amount"],
    ["Create Refund", 422, { errorCode: "invalid_object" }, "invalid_request"],
    ["Update Shipping Courier", 412, { errorCode: "precondition_failed" }, "precondition_failed"],
    ["Capture Payment", 410, { errorCode: "payment_captured" }, "already_captured"],
    ["Get Payment", 409, {}, "conflict"],
    ["Create Refund", 422, { errorCode: "refund_timelimit_exceeded" }, "refund_timelimit_exceeded"],
    ["Create Checkout", 422, { errorCode: "unsupported_currency" }, "unsupported"],
    ["Create Refund", 412, { errorCode: "payment_expired" }, "precondition_failed"],
    ["Get Payment", 401, {}, "unauthorized"],
  ] as const)("%s %i %j -> %s", (endpoint, status, body, code) => {
    const error = errorFromResponse(endpoint, status, json(body), "application/json", same)
    expect(error).toBeInstanceOf(BnplApiError)
    expect(error).toBeInstanceOf(CLASS_OF_CODE[code])
    expect(error.name).toBe(CLASS_OF_CODE[code].name)
    expect(error.code).toBe(code)
    expect(error.endpoint).toBe(endpoint)
    expect(error.httpStatusCode).toBe(status)
    expect(error.errorCode).toBe((body as { errorCode?: string }).errorCode)
  })

  it("carries errorId and the service's message", () => {
    const error = errorFromResponse(
      "Auth",
      402,
      json({ errorCode: "invalid_token", errorId: "abc", message: "Invalid token" }),
      undefined,
      same,
    )
    expect(error.errorId).toBe("abc")
    expect(error.message).toBe("Auth: HTTP 402 invalid_token: Invalid token")
  })

  it("a 402 with a DECLINED payment is a BnplDeclinedError carrying the payment", () => {
    const payment = { id: "p1", status: "DECLINED", paymentState: "AUTH_DECLINED", token: "t" }
    const error = errorFromResponse("Auth", 402, json(payment), "application/json", same)
    expect(error).toBeInstanceOf(BnplDeclinedError)
    expect(error.code).toBe("declined")
    expect(error.payment).toMatchObject(payment)
  })

  it("an HTML 502 page is a short server_error", () => {
    const page = `<html><body>${"Bad gateway ".repeat(500)}</body></html>`
    const error = errorFromResponse("Get Configuration", 502, page, "text/html; charset=utf-8", same)
    expect(error.code).toBe("server_error")
    expect(error.message).toBe("Get Configuration: HTTP 502 with a body that is not JSON (text/html)")
  })

  it("a non-JSON 4xx is invalid_response, but an empty body or a 401 keeps its status meaning", () => {
    expect(errorFromResponse("Auth", 400, "<html>", "text/html", same).code).toBe("invalid_response")
    expect(errorFromResponse("Auth", 401, "", undefined, same).code).toBe("unauthorized")
    expect(errorFromResponse("Auth", 401, "Unauthorized", "text/plain", same).code).toBe("unauthorized")
    expect(errorFromResponse("Auth", 409, "", undefined, same).code).toBe("conflict")
    expect(errorFromResponse("Auth", 503, "", undefined, same).code).toBe("server_error")
  })

  it("shortens and redacts the service's message", () => {
    const redact = (text: string) => text.split("SECRET").join("[redacted]")
    const error = errorFromResponse("Auth", 401, json({ message: `key SECRET ${"x".repeat(1000)}` }), undefined, redact)
    expect(error.message).not.toContain("SECRET")
    expect(error.message.length).toBeLessThan(400)
  })
})

describe("errorFromTransport", () => {
  const timeouts = { openMs: 10, readMs: 20 }
  const axiosLike = (message: string, code: string) =>
    Object.assign(new Error(message), { code, config: { headers: { Authorization: "Basic c2VjcmV0" } } })
  const state = (overrides: Partial<ConnectionState> & { bytes?: number } = {}): ConnectionState => ({
    socketAssigned: true,
    connected: true,
    reusedSocket: false,
    openTimedOut: false,
    readTimedOut: false,
    answerBytes: () => overrides.bytes ?? 0,
    ...overrides,
  })
  const canceled = () => axiosLike("canceled", "ERR_CANCELED")

  it("our read time-out is a BnplTimeoutError saying no answer came back, even when part of it had", () => {
    const error = errorFromTransport("Auth", canceled(), state({ readTimedOut: true, bytes: 12 }), timeouts)
    expect(error).toBeInstanceOf(BnplTimeoutError)
    expect(error.message).toBe("Auth: no answer came back within the read time-out of 20 ms (only 12 bytes of it had arrived)")
  })

  it("the service surely never got it: open time-out (pool wait too), refusal", () => {
    const open = errorFromTransport("Auth", canceled(), state({ connected: false, openTimedOut: true }), timeouts)
    expect(open).toBeInstanceOf(BnplNetworkError)
    expect(open.message).toBe("Auth: the payment service could not be reached: no connection within the open time-out of 10 ms")
    const queued = errorFromTransport("Auth", canceled(), state({ socketAssigned: false, connected: false, openTimedOut: true }), timeouts)
    expect(queued.message).toMatch(/every pooled connection was busy/)
    const refused = errorFromTransport("Auth", axiosLike("connect ECONNREFUSED", "ECONNREFUSED"), state({ connected: false }), timeouts)
    expect(refused.message).toBe("Auth: the payment service could not be reached: ECONNREFUSED")
    for (const error of [open, refused]) {
      expect(JSON.stringify(error)).not.toContain("c2VjcmV0")
      expect((error.cause as Record<string, unknown>).config).toBeUndefined()
      expect(Object.keys(error.cause as object)).toEqual(["code"])
    }
  })

  it("a reset once the request may have been read is connection_lost, never 'could not be reached'", () => {
    const fresh = errorFromTransport("Auth", axiosLike("socket hang up", "ECONNRESET"), state(), timeouts)
    expect(fresh).toBeInstanceOf(BnplConnectionLostError)
    expect(fresh.message).toBe("Auth: no answer came back: the connection broke after the request was sent (ECONNRESET)")
    // Most likely a connection the service had closed, but it may have read the request and hung up.
    const stale = errorFromTransport("Auth", axiosLike("socket hang up", "ECONNRESET"), state({ reusedSocket: true }), timeouts)
    expect(stale.message).toBe(
      "Auth: no answer came back: the connection broke after the request was sent on a kept-alive connection (ECONNRESET)",
    )
    const midAnswer = errorFromTransport("Auth", axiosLike("aborted", "ECONNRESET"), state({ reusedSocket: true, bytes: 40 }), timeouts)
    expect(midAnswer.code).toBe("connection_lost")
    expect(midAnswer.message).toBe("Auth: no answer came back: the connection broke after part of the answer had arrived (ECONNRESET)")
    expect(isStaleConnection(axiosLike("aborted", "ECONNRESET"), state({ reusedSocket: true, bytes: 40 }))).toBe(false)
    expect(isStaleConnection(axiosLike("socket hang up", "ECONNRESET"), state({ reusedSocket: true }))).toBe(true)
    expect(isStaleConnection(axiosLike("write EPIPE", "EPIPE"), state({ reusedSocket: true }))).toBe(true)
    expect(isStaleConnection(axiosLike("socket hang up", "ECONNRESET"), state())).toBe(false)
  })
})

describe("withOutcome: what the caller is told once the client gives up", () => {
  const transport = (code: string, message: string) => new BnplApiError({ code: code as "timeout", endpoint: "Create Checkout", message })

  it("'not applied twice' only where a requestId makes it true", () => {
    const capture = withOutcome(
      new BnplConnectionLostError({
        endpoint: "Capture Payment",
        message: "Capture Payment: no answer came back: the connection broke after the request was sent (ECONNRESET)",
      }),
      { endpoint: "Capture Payment", retry: "idempotent", requestId: "r-1", tries: 3 },
    )
    expect(capture.message).toBe(
      "Capture Payment: no answer came back: the connection broke after the request was sent (ECONNRESET); sent 3 times with the same requestId, so it is not applied twice. It is safe to try again.",
    )
    expect(capture.outcome).toBe(capture.message.slice("Capture Payment: ".length))

    const checkout = withOutcome(transport("timeout", "Create Checkout: no answer came back within the read time-out of 20 ms"), {
      endpoint: "Create Checkout",
      retry: "unsent-only",
      tries: 1,
    })
    expect(checkout.outcome).toBe(
      "no answer came back within the read time-out of 20 ms; the service may have applied it, and it was not sent again, because Create Checkout has no requestId. It is safe to try again: a checkout nobody uses expires by itself.",
    )
    expect(checkout.outcome).not.toMatch(/twice|could not be reached/)

    const courier = withOutcome(transport("timeout", "Update Shipping Courier: no answer came back within the read time-out of 20 ms"), {
      endpoint: "Update Shipping Courier",
      retry: "idempotent",
      tries: 3,
    })
    expect(courier.outcome).toMatch(/sent 3 times \(repeating it changes nothing\)/)
    expect(courier.outcome).not.toMatch(/twice/)
  })

  it("'could not be reached' says it never got the request; other codes are left alone", () => {
    const refused = withOutcome(transport("network", "Create Checkout: the payment service could not be reached: ECONNREFUSED"), {
      endpoint: "Create Checkout",
      retry: "unsent-only",
      tries: 3,
    })
    expect(refused.outcome).toBe(
      "the payment service could not be reached: ECONNREFUSED (tried 3 times); it never got the request. It is safe to try again.",
    )
    const declined = new BnplApiError({ code: "server_error", endpoint: "Auth", message: "Auth: HTTP 503" })
    expect(withOutcome(declined, { endpoint: "Auth", retry: "idempotent", requestId: "r", tries: 3 }).message).toBe("Auth: HTTP 503")
    expect(declined.outcome).toBeUndefined()
  })
})
