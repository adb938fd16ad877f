import {
  expressCartFor,
  openExpressCheckout,
  type BnplExpressLibrary,
  type BnplExpressPopupConfig,
  type ExpressAddress,
  type ExpressOutcome,
  type ExpressShippingOption,
} from "../../../src/storefront"
import { StoreServer, type ReceivedRequest } from "./store-server"

const store = new StoreServer()
beforeAll(() => store.start())
afterAll(() => store.stop())

const GBP = (amount: string) => ({ amount, currency: "GBP" })
const OPTIONS: ExpressShippingOption[] = [
  {
    id: "so_standard",
    name: "Standard Shipping",
    description: "",
    shippingAmount: GBP("4.95"),
    taxAmount: GBP("0.00"),
    orderAmount: GBP("49.95"),
  },
  {
    id: "so_express",
    name: "Express Shipping",
    description: "",
    shippingAmount: GBP("9.95"),
    taxAmount: GBP("0.00"),
    orderAmount: GBP("54.95"),
  },
]
const GB: ExpressAddress = { name: "Ada Lovelace", address1: "12 St James's Square", postcode: "SW1Y 4JH", countryCode: "GB" }
const US: ExpressAddress = { name: "Grace Hopper", address1: "1 Main St", postcode: "10001", countryCode: "US" }

/**
 * The service's library as the sandbox's behaves, without a window: `open()` "opens the
 * popup" and asks for the token at once; the test then plays the consumer (an address, Confirm
 * or Cancel) through the callbacks the page registered, as the popup's messages would.
 */
class PopupLibrary implements BnplExpressLibrary {
  config?: BnplExpressPopupConfig
  opened = 0
  token?: Promise<{ token?: string; rejected?: string }>

  initializeForPopup(config: BnplExpressPopupConfig): void {
    this.config = config
  }

  open(): void {
    this.opened++
    this.token = new Promise((resolve) =>
      this.config!.onCommenceCheckout({ resolve: (token) => resolve({ token }), reject: (reason) => resolve({ rejected: reason }) }),
    )
  }

  chooseAddress(address: ExpressAddress): Promise<{ options?: ExpressShippingOption[]; rejected?: string }> {
    return new Promise((resolve) =>
      this.config!.onShippingAddressChange(address, {
        resolve: (options) => resolve({ options }),
        reject: (reason) => resolve({ rejected: reason }),
      }),
    )
  }

  confirm(orderToken: string | undefined): void {
    this.config!.onComplete({ data: { status: "SUCCESS", orderToken } })
  }

  cancel(): void {
    this.config!.onComplete({ data: { status: "CANCELLED", orderToken: undefined } })
  }
}

/** A store with the express routes; the complete route answers `complete`. */
function expressStore(complete: { status: number; body: unknown } = { status: 200, body: { order_id: "order_01" } }) {
  store.answer((request: ReceivedRequest) => {
    if (request.method !== "POST") return undefined
    if (request.path === "/store/carts") return { status: 200, body: { cart: { id: "cart_product" } } }
    const match = /^\/store\/bnpl\/carts\/(cart_\w+)\/express(\/.*)?$/.exec(request.path)
    if (!match) return undefined
    if (!match[2]) return { status: 200, body: { token: `tok_${match[1]}` } }
    if (match[2] === "/shipping-options") {
      return (request.body as ExpressAddress).countryCode === "GB"
        ? { status: 200, body: { shipping_options: OPTIONS } }
        : { status: 200, body: { rejection: "SHIPPING_ADDRESS_UNSUPPORTED" } }
    }
    if (match[2] === "/complete") return complete
    return undefined
  })
}

/** Opens the popup as a click handler would and collects the outcome. */
function open(library: PopupLibrary, cart: Parameters<typeof openExpressCheckout>[1]["cart"] = "cart_1") {
  const outcomes: ExpressOutcome[] = []
  let completing = 0
  const opened = openExpressCheckout(library, {
    config: store.config,
    countryCode: "gb",
    cart,
    onOutcome: (outcome) => outcomes.push(outcome),
    onCompleting: () => completing++,
  })
  return { opened, outcomes, completing: () => completing }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 50))

describe("openExpressCheckout: the popup's callbacks answered through the store routes", () => {
  it("cart page: opens at once, gives the token, the options for a GB address, and on Confirm the order", async () => {
    expressStore()
    const library = new PopupLibrary()
    const { opened, outcomes, completing } = open(library)
    // Synchronous: the popup is open before the click handler returns.
    expect(opened).toBe(true)
    expect(library.opened).toBe(1)
    expect(library.config?.countryCode).toBe("GB")

    expect(await library.token).toEqual({ token: "tok_cart_1" })
    expect(await library.chooseAddress(GB)).toEqual({ options: OPTIONS })
    library.confirm("tok_cart_1")
    expect(completing()).toBe(1)
    await settled()
    expect(outcomes).toEqual([{ orderId: "order_01" }])
    expect(store.requests.map((request) => request.path)).toEqual([
      "/store/bnpl/carts/cart_1/express",
      "/store/bnpl/carts/cart_1/express/shipping-options",
      "/store/bnpl/carts/cart_1/express/complete",
    ])
    expect(store.requests[2].body).toEqual({ orderToken: "tok_cart_1" })
  })

  it("product page: makes the cart with the item first, once for two presses", async () => {
    expressStore()
    const cart = expressCartFor(store.config, { regionId: "reg_uk", variantId: "variant_tote", quantity: 1 })
    const first = new PopupLibrary()
    open(first, cart)
    expect(await first.token).toEqual({ token: "tok_cart_product" })
    first.cancel()
    const second = new PopupLibrary()
    open(second, cart)
    expect(await second.token).toEqual({ token: "tok_cart_product" })
    expect(store.requests.filter((request) => request.path === "/store/carts")).toHaveLength(1)
    expect(store.requests[0].body).toEqual({ region_id: "reg_uk", items: [{ variant_id: "variant_tote", quantity: 1 }] })
  })

  it("an address the store does not serve is rejected; leaving then says so, not just 'cancelled'", async () => {
    expressStore()
    const library = new PopupLibrary()
    const { outcomes } = open(library)
    await library.token
    expect(await library.chooseAddress(US)).toEqual({ rejected: "SHIPPING_ADDRESS_UNSUPPORTED" })
    library.cancel()
    expect(outcomes).toEqual([
      { error: { reason: "address_unsupported", message: expect.stringMatching(/^We do not deliver to the address you chose/) } },
    ])
  })

  it("a plain cancel says cancelled; another address after a refused one clears the refusal", async () => {
    expressStore()
    const library = new PopupLibrary()
    const { outcomes } = open(library)
    await library.token
    await library.chooseAddress(US)
    await library.chooseAddress(GB)
    library.cancel()
    expect(outcomes).toEqual([{ error: { reason: "cancelled", message: "You cancelled pay later. Choose a payment method to continue." } }])
  })

  it("a failed start closes the popup with the reason and tells the shopper once", async () => {
    store.answer((request) =>
      request.path === "/store/bnpl/carts/cart_1/express"
        ? { status: 400, body: { reason: "outside_limits", message: "The total is above the maximum." } }
        : undefined,
    )
    const library = new PopupLibrary()
    const { outcomes } = open(library)
    expect(await library.token).toEqual({ rejected: "outside_limits" })
    // The library then reports CANCELLED; the shopper still reads the first reason only.
    library.cancel()
    expect(outcomes).toEqual([{ error: { reason: "outside_limits", message: "The total is above the maximum." } }])
  })

  it("amount_changed from the complete route reaches the shopper with the store's message", async () => {
    expressStore({ status: 409, body: { reason: "amount_changed", message: "Your basket total changed after you approved pay later." } })
    const library = new PopupLibrary()
    const { outcomes } = open(library)
    await library.token
    await library.chooseAddress(GB)
    library.confirm("tok_cart_1")
    await settled()
    expect(outcomes).toEqual([{ error: { reason: "amount_changed", message: "Your basket total changed after you approved pay later." } }])
  })

  it("a SUCCESS that lost its token completes with the start's token (Get Checkout decides)", async () => {
    expressStore()
    const library = new PopupLibrary()
    const { outcomes } = open(library)
    await library.token
    library.confirm(undefined)
    await settled()
    expect(outcomes).toEqual([{ orderId: "order_01" }])
    expect(store.requests.at(-1)?.body).toEqual({ orderToken: "tok_cart_1" })
  })

  it("a popup the browser blocked (cancelled before the token was asked for) asks to allow pop-ups", async () => {
    expressStore()
    const blocked: BnplExpressLibrary & { config?: BnplExpressPopupConfig } = {
      initializeForPopup(config) {
        this.config = config
      },
      open() {
        this.config!.onComplete({ data: { status: "CANCELLED", orderToken: undefined, reason: "POPUP_BLOCKED" } })
      },
    }
    const { outcomes } = open(blocked as PopupLibrary)
    expect(outcomes).toEqual([{ error: { reason: "express_unavailable", message: expect.stringMatching(/allow pop-ups/) } }])
    await settled()
    expect(store.requests).toHaveLength(0)
  })

  it("a library that throws on open is express_unavailable, and the page's handler errors stay the page's", () => {
    const broken: BnplExpressLibrary = {
      initializeForPopup: () => {},
      open: () => {
        throw new Error("popup blocked")
      },
    }
    const { opened, outcomes } = open(broken as PopupLibrary)
    expect(opened).toBe(false)
    expect(outcomes).toEqual([{ error: { reason: "express_unavailable", message: expect.stringMatching(/allow pop-ups/) } }])
    expect(() =>
      openExpressCheckout(broken, {
        config: store.config,
        countryCode: "gb",
        cart: "cart_1",
        onOutcome: () => {
          throw new Error("the page's bug")
        },
      }),
    ).not.toThrow()
  })
})
