import { fetchPayLaterCartStatus } from "../../../src/storefront"
import { StoreServer, UNREACHABLE } from "./store-server"

const store = new StoreServer()
beforeAll(() => store.start())
afterAll(() => store.stop())

describe("fetchPayLaterCartStatus", () => {
  it("reads the documented shape from GET /store/bnpl/carts/:id/status", async () => {
    store.answer((request) =>
      request.path === "/store/bnpl/carts/cart_1/status" ? { status: 200, body: { status: "completed", order_id: "order_1" } } : undefined,
    )
    expect(await fetchPayLaterCartStatus(store.config, "cart_1")).toEqual({ status: "completed", order_id: "order_1" })
    store.answer(() => ({ status: 200, body: { status: "failed", reason: "declined" } }))
    expect(await fetchPayLaterCartStatus(store.config, "cart_1")).toEqual({ status: "failed", reason: "declined" })
  })

  it("reads a 404 (a plugin without the route, a cart not known yet), errors and nonsense as processing", async () => {
    store.answer(() => undefined)
    expect(await fetchPayLaterCartStatus(store.config, "cart_1")).toEqual({ status: "processing" })
    store.answer(() => ({ status: 200, body: { status: "completed" } }))
    expect(await fetchPayLaterCartStatus(store.config, "cart_1")).toEqual({ status: "processing" })
    store.answer(() => ({ status: 503, raw: "busy" }))
    expect(await fetchPayLaterCartStatus(store.config, "cart_1")).toEqual({ status: "processing" })
    expect(await fetchPayLaterCartStatus(UNREACHABLE, "cart_1")).toEqual({ status: "processing" })
  })
})
