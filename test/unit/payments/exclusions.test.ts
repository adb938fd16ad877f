import {
  categoryLineage,
  excludedItems,
  excludedItemsError,
  hasExclusions,
  isProductExcluded,
  type ItemFacts,
} from "../../../src/payments/exclusions"

/** A cart line as the store reads it: a tote bag in Bags (under Accessories), collection Summer, type Physical, tag "canvas". */
const item = (facts: Partial<ItemFacts> = {}): ItemFacts => ({
  id: "cali_tote",
  title: "Tote bag",
  productId: "prod_tote",
  variantSku: "TOTE-BLUE",
  categoryIds: categoryLineage({ id: "pcat_bags", mpath: "pcat_accessories.pcat_bags" }),
  collectionId: "pcol_summer",
  typeId: "ptyp_physical",
  tags: ["canvas"],
  ...facts,
})

const giftCard = item({
  id: "cali_gift",
  title: "Gift card",
  productId: "prod_gift",
  variantSku: "GIFT-25",
  categoryIds: ["pcat_gifts"],
  collectionId: undefined,
  typeId: "ptyp_digital",
  tags: ["gift-card"],
})

describe("excludedItems: the cart's items the merchant's rules exclude", () => {
  it.each([
    ["product id", { productIds: ["prod_gift"] }],
    ["variant SKU", { variantSkus: ["GIFT-25"] }],
    ["category", { categoryIds: ["pcat_gifts"] }],
    ["type", { typeIds: ["ptyp_digital"] }],
    ["tag value", { tags: ["gift-card"] }],
  ])("by %s: names the excluded item only, with its product", (_kind, rules) => {
    expect(excludedItems(rules, [item(), giftCard])).toEqual([{ id: "cali_gift", title: "Gift card", product_id: "prod_gift" }])
  })

  it("by collection", () => {
    expect(excludedItems({ collectionIds: ["pcol_summer"] }, [item(), giftCard])).toEqual([
      { id: "cali_tote", title: "Tote bag", product_id: "prod_tote" },
    ])
  })

  it("a rule on a parent category excludes the products of its descendants (through the category's mpath)", () => {
    expect(excludedItems({ categoryIds: ["pcat_accessories"] }, [item(), giftCard]).map((excluded) => excluded.id)).toEqual(["cali_tote"])
    // A child category's rule does not reach up to its parent's other products.
    expect(excludedItems({ categoryIds: ["pcat_bags_small"] }, [item()])).toEqual([])
  })

  it("no rules, empty rules or rules that match nothing: nothing is excluded", () => {
    expect(excludedItems(undefined, [item(), giftCard])).toEqual([])
    expect(excludedItems({ productIds: [], tags: [] }, [item(), giftCard])).toEqual([])
    expect(excludedItems({ productIds: ["prod_other"], variantSkus: ["TOTE-RED"], tags: ["Canvas"] }, [item(), giftCard])).toEqual([])
    expect(hasExclusions({ productIds: [], categoryIds: [] })).toBe(false)
    expect(hasExclusions({ tags: ["gift-card"] })).toBe(true)
  })

  it("keeps the cart's order and every excluded item", () => {
    const rules = { tags: ["gift-card", "canvas"] }
    expect(excludedItems(rules, [giftCard, item()]).map((excluded) => excluded.id)).toEqual(["cali_gift", "cali_tote"])
  })
})

describe("isProductExcluded: a product page's product", () => {
  const tote = { ...item(), variantSkus: ["TOTE-BLUE", "TOTE-RED"] }

  it("excluded by a product rule, including an ancestor category", () => {
    expect(isProductExcluded({ categoryIds: ["pcat_accessories"] }, tote)).toBe(true)
    expect(isProductExcluded({ productIds: ["prod_tote"] }, tote)).toBe(true)
  })

  it("by SKU only when every variant is excluded (the others may still be bought)", () => {
    expect(isProductExcluded({ variantSkus: ["TOTE-BLUE"] }, tote)).toBe(false)
    expect(isProductExcluded({ variantSkus: ["TOTE-BLUE", "TOTE-RED"] }, tote)).toBe(true)
  })

  it("without rules: offered", () => {
    expect(isProductExcluded(undefined, tote)).toBe(false)
    expect(isProductExcluded({}, tote)).toBe(false)
  })
})

describe("categoryLineage", () => {
  it("is the category and its ancestors from the materialised path", () => {
    expect(categoryLineage({ id: "pcat_c", mpath: "pcat_a.pcat_b.pcat_c" })).toEqual(["pcat_a", "pcat_b", "pcat_c"])
    expect(categoryLineage({ id: "pcat_a", mpath: null })).toEqual(["pcat_a"])
  })
})

describe("excludedItemsError: the refusal the shopper reads", () => {
  it("has the reason excluded_items and names the items, at most five", () => {
    const error = excludedItemsError([{ id: "cali_gift", title: "Gift card", product_id: "prod_gift" }])
    expect(error.reason).toBe("excluded_items")
    expect(error.message).toBe(
      'Pay later is not available for "Gift card" in your basket. Please remove it or choose another payment method.',
    )
    const many = Array.from({ length: 7 }, (_, index) => ({ id: `cali_${index}`, title: `Item ${index}` }))
    expect(excludedItemsError(many).message).toContain('"Item 4" and 2 more in your basket')
  })
})
