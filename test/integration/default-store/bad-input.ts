import { ProductStatus } from "@medusajs/framework/utils"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { BnplClient } from "../../../src/client"
import { apiAmountToMinorUnits } from "../../../src/client/money"
import type { StoreSuite } from "../../support/store-suite"
import type { SeededStore } from "../../support/seed-store"
import { type Shopper, ukAddress } from "../../../harness/shopper"

// A name far over every limit, with characters from outside the Basic Multilingual Plane at the cut.
const LONG_NAME = `Größe ☕ ${"長い名前".repeat(40)} ${"🧺".repeat(120)}`

export default function badInputTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  let store: SeededStore, shopper: Shopper
  // Both are new for each test (test/support/store-suite.ts).
  beforeEach(() => ({ store, shopper } = suite))

  async function createProducts(count: number, price: (index: number) => number) {
    const { result } = await createProductsWorkflow(getContainer()).run({
      input: {
        products: Array.from({ length: count }, (_, index) => ({
          title: `${LONG_NAME} ${index}`,
          handle: `odd-${index}-${Date.now()}`,
          status: ProductStatus.PUBLISHED,
          thumbnail: index % 2 ? "not a url" : `https://images.example.com/${"x".repeat(2100)}.jpg`,
          options: [{ title: "Size", values: ["One"] }],
          variants: [
            {
              title: "One",
              sku: `SKU-${"9".repeat(200)}-${index}`,
              options: { Size: "One" },
              manage_inventory: false,
              prices: [{ amount: price(index), currency_code: "gbp" }],
            },
          ],
          sales_channels: [{ id: store.salesChannelId }],
        })),
      },
    })
    return result.map((product) => product.variants[0].id)
  }

  it("150 items with over-long unicode names, free items and 3-decimal prices: a checkout within the document's limits that adds up", async () => {
    const variants = await createProducts(150, (index) => (index % 10 === 0 ? 0 : 1.005 + index / 1000))
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: variants.map((variant_id, index) => ({ variant_id, quantity: 1 + (index % 2) })),
      address: { ...ukAddress, address_1: "🏠".repeat(200), city: "C".repeat(300) },
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id)
    expect(session.data.token).toBeDefined()

    // What the service holds is what the plugin sent: read it back as the merchant can.
    const client = new BnplClient({
      merchantId: "sandbox-uk-merchant",
      secretKey: "sandbox-uk-secret-key",
      baseUrl: process.env.BNPL_BASE_URL!,
    })
    const request = (await client.getCheckout(session.data.token)) as any
    expect(request.items.length).toBeLessThanOrEqual(100)
    for (const item of request.items) {
      expect(item.name.length).toBeLessThanOrEqual(255)
      expect(item.name).not.toMatch(/[\uD800-\uDBFF]$/)
      if (item.sku) expect(item.sku.length).toBeLessThanOrEqual(128)
      if (item.imageUrl) expect(item.imageUrl.length).toBeLessThanOrEqual(2048)
    }
    expect(request.shipping.line1.length).toBeLessThanOrEqual(128)
    expect(request.shipping.area1.length).toBeLessThanOrEqual(128)
    const minor = (money?: { amount: string }) => (money ? apiAmountToMinorUnits(money.amount) : 0n)
    const sum =
      request.items.reduce((total: bigint, item: any) => total + minor(item.price) * BigInt(item.quantity), 0n) +
      minor(request.shippingAmount) +
      minor(request.taxAmount) -
      (request.discounts ?? []).reduce((total: bigint, discount: any) => total + minor(discount.amount), 0n)
    expect(sum).toBe(minor(request.amount))
    expect(request.amount.amount).toBe(session.data.amount)
  })

  it("a cart without an e-mail or address is refused with a message that says what is missing, never a 500", async () => {
    const { data } = await api.post(
      "/store/carts",
      { region_id: store.regions.uk, items: [{ variant_id: store.variants.tote, quantity: 1 }] },
      { headers: { "x-publishable-api-key": store.publishableKey } },
    )
    const refused = await shopper.initiatePaymentSession(data.cart.id).catch((error) => error.response)
    expect(refused.status).toBe(400)
    expect(refused.data.message).toMatch(/e-mail/)
    expect((await control.ledger()).checkouts).toHaveLength(0)
  })
}
