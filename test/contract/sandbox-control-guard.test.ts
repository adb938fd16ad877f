/**
 * Only the sandbox's owner drives its control API (docs/sandbox.md "Control API: who may
 * call it"): the "simple" cross-site requests any web page in the developer's browser can send
 * (a form, `fetch` with `text/plain`, a foreign `Origin`) change nothing and answer 415 / 403,
 * while curl, tests and the sandbox's own pages keep working.
 */
import { request as httpRequest } from "node:http"
import { DEFAULT_SANDBOX_ACCOUNTS, startSandbox, type Sandbox } from "../../src/sandbox"

const UK = DEFAULT_SANDBOX_ACCOUNTS[0]
let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox({ publicUrl: "https://sandbox.example.test" })
})
afterAll(async () => {
  await sandbox.close()
})
beforeEach(() => {
  sandbox.control.reset()
})

/** A raw HTTP request, so that any `Host`, `Origin` or `Sec-Fetch-Site` can be sent as a browser would. */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; json: any }> {
  const url = new URL(`${sandbox.url}${path}`)
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname, method, headers }, (incoming) => {
      let text = ""
      incoming.on("data", (chunk) => (text += chunk))
      incoming.on("end", () => {
        let json: any
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        resolve({ status: incoming.statusCode ?? 0, json })
      })
    })
    outgoing.on("error", reject)
    outgoing.end(body)
  })
}

async function createCheckout(): Promise<string> {
  const response = await fetch(`${sandbox.url}/v2/checkouts`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${UK.merchantId}:${UK.secretKey}`).toString("base64")}`,
      "Content-Type": "application/json",
      "User-Agent": "guard-test/1.0",
    },
    body: JSON.stringify({ amount: { amount: "20.00", currency: "GBP" }, consumer: { email: "ada@example.com" } }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as any).token
}

const port = () => new URL(sandbox.url).port
const json = (value: unknown) => JSON.stringify(value)

describe("the control API refuses what a foreign web page can send", () => {
  it("a text/plain POST answers 415 and does not move the clock", async () => {
    const before = sandbox.control.now().getTime()
    const response = await send("POST", "/__control/clock/advance", { "Content-Type": "text/plain" }, json({ seconds: 86400 }))
    expect(response.status).toBe(415)
    expect(response.json.errorCode).toBe("unsupported_media_type")
    expect(sandbox.control.now().getTime() - before).toBeLessThan(60_000)
  })

  it("a form POST answers 415 and arms no fault, resets nothing, confirms nothing", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" }
    expect((await send("POST", "/__control/faults", form, "endpoint=auth&kind=status")).status).toBe(415)
    expect(sandbox.control.faults()).toEqual([])

    const token = await createCheckout()
    expect((await send("POST", `/__control/checkouts/${token}/confirm`, form, "outcome=approve")).status).toBe(415)
    expect((await send("POST", "/__control/reset", form, "")).status).toBe(415)
    expect(sandbox.control.ledger().checkouts).toHaveLength(1)
    // Auth's 412 invalid_order_transaction_status: the consumer's confirmation was not recorded.
    const auth = await fetch(`${sandbox.url}/v2/payments/auth`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${UK.merchantId}:${UK.secretKey}`).toString("base64")}`,
        "Content-Type": "application/json",
        "User-Agent": "guard-test/1.0",
      },
      body: json({ token }),
    })
    expect(auth.status).toBe(412)
  })

  it("a multipart form POST answers 415 and changes no account's limits", async () => {
    const response = await send(
      "PUT",
      `/__control/accounts/${UK.merchantId}/configuration`,
      { "Content-Type": "multipart/form-data; boundary=x" },
      '--x\r\nContent-Disposition: form-data; name="minimumAmount"\r\n\r\n5.00\r\n--x--\r\n',
    )
    expect(response.status).toBe(415)
    expect(sandbox.accounts[0].minimumAmount).toBe(UK.minimumAmount)
  })

  it("a cross-site Origin answers 403 even with a JSON body, and changes nothing", async () => {
    const token = await createCheckout()
    for (const origin of ["https://evil.example", "http://localhost:3000", `http://evil.example:${port()}`, "null"]) {
      const headers = { Origin: origin, "Content-Type": "application/json" }
      const advanced = await send("POST", "/__control/clock/advance", headers, json({ seconds: 86400 }))
      expect({ origin, status: advanced.status, errorCode: advanced.json.errorCode }).toEqual({
        origin,
        status: 403,
        errorCode: "forbidden",
      })
      expect((await send("POST", "/__control/faults", headers, json({ endpoint: "auth", kind: "status" }))).status).toBe(403)
      expect((await send("POST", `/__control/checkouts/${token}/confirm`, headers, "{}")).status).toBe(403)
      expect((await send("POST", "/__control/reset", { Origin: origin })).status).toBe(403)
      expect((await send("POST", "/__control/tokens/revoke", { Origin: origin })).status).toBe(403)
      expect((await send("GET", "/__control/ledger", { Origin: origin })).status).toBe(403)
    }
    // A DNS name rebound to 127.0.0.1: the page's origin and the Host header agree, yet are not the sandbox's.
    const rebound = { Host: `evil.example:${port()}`, Origin: `http://evil.example:${port()}`, "Content-Type": "application/json" }
    expect((await send("POST", "/__control/faults", rebound, json({ endpoint: "auth", kind: "status" }))).status).toBe(403)
    expect(sandbox.control.faults()).toEqual([])
    expect(sandbox.control.ledger().checkouts).toHaveLength(1)
    expect(Math.abs(sandbox.control.now().getTime() - Date.now())).toBeLessThan(60_000)
  })

  it("Sec-Fetch-Site: cross-site answers 403 without an Origin", async () => {
    const response = await send(
      "POST",
      "/__control/clock/advance",
      { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      json({ seconds: 86400 }),
    )
    expect(response.status).toBe(403)
    expect(Math.abs(sandbox.control.now().getTime() - Date.now())).toBeLessThan(60_000)
  })
})

describe("the owner still drives it", () => {
  it("accepts JSON without an Origin (curl, tests, Node) and a bodyless POST without a Content-Type", async () => {
    const advanced = await send(
      "POST",
      "/__control/clock/advance",
      { "Content-Type": "application/json; charset=utf-8" },
      json({ seconds: 60 }),
    )
    expect(advanced.status).toBe(200)
    expect((await send("POST", "/__control/reset")).status).toBe(200)
    expect((await send("DELETE", "/__control/faults")).status).toBe(200)
  })

  it("accepts same-origin requests: the loopback address it was reached on, and its public URL", async () => {
    for (const [host, origin] of [
      [`127.0.0.1:${port()}`, `http://127.0.0.1:${port()}`],
      [`localhost:${port()}`, `http://localhost:${port()}`],
      [`127.0.0.1:${port()}`, "https://sandbox.example.test"],
    ]) {
      const headers = { Host: host, Origin: origin, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" }
      const response = await send("POST", "/__control/faults", headers, json({ endpoint: "ping", kind: "status" }))
      expect({ origin, status: response.status }).toEqual({ origin, status: 201 })
    }
    expect(sandbox.control.faults()).toHaveLength(3)
  })
})
