import { moduleReadsOf } from "../../../src/operations/cart-for-snapshot"
import { CART_EXCLUSION_FIELDS } from "../../../src/operations/exclusion-facts"
import { CART_SNAPSHOT_FIELDS } from "../../../src/payments/mapping/cart-snapshot"

describe("moduleReadsOf: the cart's query.graph fields as the reads of the cart, product and customer modules", () => {
  const reads = moduleReadsOf([...CART_SNAPSHOT_FIELDS, ...CART_EXCLUSION_FIELDS])

  it("asks the product module for the three levels of categories and the exclusion facts, through their relations", () => {
    expect(reads.product.select).toEqual(
      expect.arrayContaining(["id", "categories.name", "categories.parent_category.parent_category.name", "tags.value", "collection_id"]),
    )
    expect(reads.product.relations.sort()).toEqual(
      ["categories", "categories.parent_category", "categories.parent_category.parent_category", "tags"].sort(),
    )
  })

  it("asks the customer module for the names and phone only", () => {
    expect(reads.customer.select.sort()).toEqual(["first_name", "id", "last_name", "phone"])
  })

  it("asks the cart module for the rest, with the ids the other reads need, and never for another module's relation", () => {
    expect(reads.cart.select).toEqual(expect.arrayContaining(["customer_id", "items.product_id", "total", "shipping_address.*"]))
    expect(reads.cart.relations).toEqual(
      expect.arrayContaining([
        "items",
        "items.adjustments",
        "shipping_methods",
        "shipping_methods.adjustments",
        "shipping_address",
        "billing_address",
      ]),
    )
    expect(reads.cart.relations.filter((relation) => /product|customer/.test(relation))).toEqual([])
    expect(reads.cart.select.filter((field) => field.startsWith("items.product.") || field.startsWith("customer."))).toEqual([])
  })
})
