import { createCheckoutRequestSchema } from "../../../src/client/schemas"
import { itemsDigest } from "../../../src/payments/mapping/cart-digest"
import { requestIds } from "../../../src/payments/request-ids"
import { snapshot } from "./mapping/carts"
import { sandbox, core, reason, useSandboxCore } from "./core-harness"

useSandboxCore()

// A cart on the product page: one item, no e-mail, no address, no shipping yet.
const bare = snapshot({
  cartId: "cart_01JEXPRESS000000000000000",
  email: undefined,
  total: "45.00",
  items: [{ name: "Canvas Tote", quantity: 1, unitPrice: "45.00", categories: [], variantId: "variant_1" }],
})
// The same cart once the popup's address and the chosen shipping option are on it.
const chosen = {
  ...bare,
  email: "ada@example.com",
  total: "54.95",
  shippingAmount: "9.95",
  shippingAddress: {
    firstName: "Ada",
    lastName: "Lovelace",
    line1: "12 St James's Square",
    city: "London",
    postalCode: "SW1Y 4JH",
    countryCode: "gb",
  },
  shippingMethods: [{ optionId: "so_express", name: "Express Shipping", amount: "9.95" }],
  shippingOptionIds: ["so_express"],
}

/** The popup's Confirm, through the sandbox's control: the default GB address, an option totalling `orderAmount`. */
function confirm(token: string, orderAmount = "45.00") {
  const money = (amount: string) => ({ amount, currency: "GBP" })
  sandbox.control.confirmExpressCheckout(token, {
    option: { id: "so_standard", shippingAmount: money("0.00"), orderAmount: money(orderAmount) },
  })
}

async function started() {
  const { operations, client } = core()
  const result = await operations.startExpressCheckout({
    snapshot: bare,
    amountMinor: 4500n,
    currency: "gbp",
    popupOriginUrl: "https://shop.example.com",
    data: {},
  })
  return { operations, client, ...result }
}

describe("startExpressCheckout", () => {
  it("creates an express checkout for the cart as it stands: mode express, the popup's origin, no redirect URLs, no e-mail needed", async () => {
    const { client, data, token, status } = await started()
    expect(status).toBe("pending")
    expect(data).toMatchObject({ token, amount: "45.00", currency: "GBP", cartId: bare.cartId, express: "started" })
    expect(data.cartDigest).toBeUndefined()
    expect(data.expressItemsDigest).toBe(itemsDigest(bare))
    const checkout = await client.getCheckout(token)
    expect(checkout).toMatchObject({
      mode: "express",
      merchant: { popupOriginUrl: "https://shop.example.com" },
      amount: { amount: "45.00", currency: "GBP" },
    })
    expect(checkout.merchant).not.toHaveProperty("redirectConfirmUrl")
    expect(checkout.consumer).toBeUndefined()
  })

  it("outside the limits: not_eligible naming the limit, no checkout made", async () => {
    const { operations } = core()
    const refused = operations.startExpressCheckout({
      snapshot: bare,
      amountMinor: 100_001n,
      currency: "gbp",
      popupOriginUrl: "https://shop.example.com",
      data: {},
    })
    expect(await reason(refused)).toBe("not_eligible")
    expect(sandbox.control.ledger().checkouts).toHaveLength(0)
  })

  it("the request schema refuses an express checkout without popupOriginUrl and a standard one without e-mail, naming the field", () => {
    const amount = { amount: "45.00", currency: "GBP" }
    expect(createCheckoutRequestSchema.safeParse({ amount, mode: "express" }).error?.issues[0]).toMatchObject({
      path: ["merchant", "popupOriginUrl"],
    })
    expect(createCheckoutRequestSchema.safeParse({ amount }).error?.issues[0]).toMatchObject({ path: ["consumer", "email"] })
    expect(
      createCheckoutRequestSchema.safeParse({ amount, mode: "express", merchant: { popupOriginUrl: "https://shop.example.com" } }).success,
    ).toBe(true)
  })
})

describe("continueExpressCheckout", () => {
  it("approved: the cart's total must be the approved amount; the session then keeps the cart's digest", async () => {
    const { operations, data, token } = await started()
    const instruction = {
      token,
      expires: data.expires,
      phase: "approved" as const,
      approvedAmount: "54.95",
      itemsDigest: data.expressItemsDigest,
    }
    await expect(
      operations.continueExpressCheckout({ snapshot: chosen, amountMinor: 5495n + 1n, currency: "gbp", instruction, data: {} }),
    ).rejects.toMatchObject({
      reason: "amount_changed",
    })
    const carried = await operations.continueExpressCheckout({
      snapshot: chosen,
      amountMinor: 5495n,
      currency: "gbp",
      instruction,
      data: {},
    })
    expect(carried.data).toMatchObject({ token, amount: "54.95", express: "approved" })
    expect(carried.data.cartDigest).toMatch(/^[0-9a-f]{64}$/)
    // Other items at the same total are not the approved cart.
    const otherItems = { ...chosen, items: [{ ...chosen.items[0], variantId: "variant_2" }] }
    await expect(
      operations.continueExpressCheckout({ snapshot: otherItems, amountMinor: 5495n, currency: "gbp", instruction, data: {} }),
    ).rejects.toMatchObject({
      reason: "cart_changed",
    })
    expect(sandbox.control.ledger().checkouts).toHaveLength(1)
  })

  it("approved above the account's maximum (a shipping option the popup was never offered): refused, naming the maximum", async () => {
    const { operations, data, token } = await started()
    // The cart (45.00) started inside the limits; its total with the confirmed option (54.95) is above them.
    sandbox.control.setAccountConfiguration("sandbox-uk-merchant", { minimumAmount: "1.00", maximumAmount: "50.00" })
    const instruction = {
      token,
      expires: data.expires,
      phase: "approved" as const,
      approvedAmount: "54.95",
      itemsDigest: data.expressItemsDigest,
    }
    const refused = operations.continueExpressCheckout({ snapshot: chosen, amountMinor: 5495n, currency: "gbp", instruction, data: {} })
    await expect(refused).rejects.toMatchObject({ reason: "not_eligible", message: expect.stringContaining("above the maximum of 50.00") })
  })
})

describe("authorising an express checkout", () => {
  it("started (the popup's choices not on the cart): not authorised, no Auth sent", async () => {
    const { operations, data, token } = await started()
    confirm(token)
    const { status } = await operations.authorize({ data, requestId: "payses_1" })
    expect(status).toBe("requires_more")
    expect(sandbox.control.ledger().auths).toHaveLength(0)
  })

  it("approved: Auth with the approved amount and a requestId from the token, so two sessions of the cart make one approval", async () => {
    const { operations, data, token } = await started()
    confirm(token)
    const instruction = { token, expires: data.expires, phase: "approved" as const, approvedAmount: "45.00" }
    const first = await operations.continueExpressCheckout({ snapshot: bare, amountMinor: 4500n, currency: "gbp", instruction, data: {} })
    const second = await operations.continueExpressCheckout({ snapshot: bare, amountMinor: 4500n, currency: "gbp", instruction, data: {} })
    const one = await operations.authorize({ data: first.data, requestId: "payses_first" })
    const two = await operations.authorize({ data: second.data, requestId: "payses_second" })
    expect([one.status, two.status]).toEqual(["authorized", "authorized"])
    expect(two.data.orderId).toBe(one.data.orderId)
    const ledger = sandbox.control.ledger()
    expect(ledger.payments).toHaveLength(1)
    expect(ledger.auths.map((auth) => auth.requestId)).toContain(requestIds.expressAuth(token))
  })
})
