import { medusaCapture, core, cart, authorized, useSandboxCore } from "./core-harness"

useSandboxCore()

describe("status", () => {
  it("status follows the service: pending checkout, authorized, captured, canceled", async () => {
    const { operations } = core()
    const started = await operations.startCheckout({ snapshot: cart, amountMinor: 5049n, currency: "gbp", data: {} })
    expect((await operations.status({ data: started.data })).status).toBe("pending")
    const data = await authorized(operations)
    expect((await operations.status({ data })).status).toBe("authorized")
    await operations.capture({ data, capture: medusaCapture() })
    expect((await operations.status({ data })).status).toBe("captured")
    const other = await authorized(operations)
    await operations.cancel({ data: other, idempotencyKey: "pay_07" })
    expect((await operations.status({ data: other })).status).toBe("canceled")
  })
})
