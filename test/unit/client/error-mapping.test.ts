import {
  BnplApiError,
  BnplDeclinedError,
  BnplNetworkError,
  BnplTimeoutError,
  errorFromResponse,
  errorFromTransport,
} from "../../../src/client"

const same = (text: string) => text
const json = (body: unknown) => JSON.stringify(body)

describe("errorFromResponse (merchant-api-v2.md, Errors)", () => {
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
  ] as const)("%s %i %j -> %s", (endpoint, status, body, code) => {
    const error = errorFromResponse(endpoint, status, json(body), "application/json", same)
    expect(error).toBeInstanceOf(BnplApiError)
    expect(error.code).toBe(code)
    expect(error.endpoint).toBe(endpoint)
    expect(error.httpStatusCode).toBe(status)
    expect(error.errorCode).toBe((body as { errorCode?: string }).errorCode)
  })

  it("carries errorId and the service's message", () => {
    const error = errorFromResponse("Auth", 402, json({ errorCode: "invalid_token", errorId: "abc", message: "Invalid token" }), undefined, same)
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

  it("our read time-out after connecting is a BnplTimeoutError", () => {
    const error = errorFromTransport("Auth", axiosLike("MARK", "ETIMEDOUT"), { connected: true, openTimedOut: false }, timeouts, "MARK")
    expect(error).toBeInstanceOf(BnplTimeoutError)
    expect(error.message).toBe("Auth: no answer within the read time-out of 20 ms")
  })

  it("the open time-out, a refusal and a reset are BnplNetworkErrors without the axios error", () => {
    const open = errorFromTransport("Auth", axiosLike("open time-out", "BNPL_OPEN_TIMEOUT"), { connected: false, openTimedOut: true }, timeouts, "MARK")
    expect(open).toBeInstanceOf(BnplNetworkError)
    expect(open.message).toBe("Auth: no connection within the open time-out of 10 ms")
    const refused = errorFromTransport("Auth", axiosLike("connect ECONNREFUSED", "ECONNREFUSED"), { connected: false, openTimedOut: false }, timeouts, "MARK")
    expect(refused.message).toBe("Auth: network error ECONNREFUSED before a connection was made")
    const reset = errorFromTransport("Auth", axiosLike("socket hang up", "ECONNRESET"), { connected: true, openTimedOut: false }, timeouts, "MARK")
    expect(reset).toBeInstanceOf(BnplNetworkError)
    for (const error of [open, refused, reset]) {
      expect(JSON.stringify(error)).not.toContain("c2VjcmV0")
      expect((error.cause as Record<string, unknown>).config).toBeUndefined()
      expect(Object.keys(error.cause as object)).toEqual(["code"])
    }
  })
})
