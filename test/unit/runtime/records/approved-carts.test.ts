import { approvedCartsOf, recordCheckoutMade, recordExpressApproval } from "../../../../src/runtime/records/approved-carts"

// Outside a Medusa app the records live in this process's memory; the table's own behaviour
// (one row per token, kept when the session is deleted) is the integration tests' to prove.
describe("approved carts, by checkout token", () => {
  const made = { cartId: "cart_1", itemsDigest: "a".repeat(64), amount: "50.49", currency: "GBP" }

  it("a checkout is recorded once: a reused token keeps what it was first made for", async () => {
    await recordCheckoutMade("pp_bnpl_bnpl", { ...made, token: "tok_reused", mode: "standard", cartDigest: "b".repeat(64) })
    await recordCheckoutMade("pp_bnpl_bnpl", {
      ...made,
      token: "tok_reused",
      mode: "standard",
      cartDigest: "c".repeat(64),
      amount: "60.00",
    })
    const record = (await approvedCartsOf(["tok_reused", "tok_never_made"])).get("tok_reused")
    expect(record).toEqual({
      token: "tok_reused",
      cartId: "cart_1",
      providerId: "pp_bnpl_bnpl",
      mode: "standard",
      itemsDigest: "a".repeat(64),
      cartDigest: "b".repeat(64),
      amount: "50.49",
      currencyCode: "GBP",
      approvedAt: null,
    })
    expect((await approvedCartsOf(["tok_never_made"])).size).toBe(0)
  })

  it("an express approval adds the whole cart's digest and the approved amount; one made before the records existed gets its record then", async () => {
    await recordCheckoutMade("pp_bnpl_bnpl", { ...made, token: "tok_express", mode: "express" })
    expect((await approvedCartsOf(["tok_express"])).get("tok_express")).toMatchObject({ cartDigest: null, amount: "50.49" })
    await recordExpressApproval({ ...made, token: "tok_express", providerId: "pp_bnpl_bnpl", amount: "55.44" }, "d".repeat(64))
    expect((await approvedCartsOf(["tok_express"])).get("tok_express")).toMatchObject({
      cartDigest: "d".repeat(64),
      amount: "55.44",
      approvedAt: expect.any(String),
    })

    await recordExpressApproval({ ...made, token: "tok_older", providerId: "pp_bnpl_bnpl" }, "e".repeat(64))
    expect((await approvedCartsOf(["tok_older"])).get("tok_older")).toMatchObject({
      mode: "express",
      cartId: "cart_1",
      itemsDigest: "a".repeat(64),
      cartDigest: "e".repeat(64),
    })
  })
})
