import { matchesFilters, recordsOrMemory } from "../../../../src/runtime/records/records-module"

interface Row {
  id: string
  cart_id: string
  outcome: string | null
  held_at: string
}

/** Outside a Medusa app, every record store of the plugin answers from memory as the database would. */
describe("the records' in-memory store", () => {
  it("filters by equality, null, an array, $in, $ne and date ranges, as Medusa's generated list does", () => {
    const row = { id: "1", cart_id: "cart_a", outcome: null, held_at: "2026-11-27T10:00:00.000Z" }
    expect(matchesFilters(row, { cart_id: "cart_a", outcome: null })).toBe(true)
    expect(matchesFilters(row, { cart_id: ["cart_b", "cart_a"] })).toBe(true)
    expect(matchesFilters(row, { cart_id: { $in: ["cart_b"] } })).toBe(false)
    expect(matchesFilters(row, { outcome: { $ne: null } })).toBe(false)
    expect(matchesFilters({ ...row, outcome: "voided" }, { outcome: { $ne: null } })).toBe(true)
    expect(matchesFilters(row, { held_at: { $gte: new Date("2026-11-27T09:00:00Z"), $lt: "2026-11-27T11:00:00.000Z" } })).toBe(true)
    expect(matchesFilters(row, { held_at: { $gt: new Date("2026-11-27T10:00:00Z") } })).toBe(false)
    expect(() => matchesFilters(row, { cart_id: { $like: "cart%" } })).toThrow(/\$like/)
  })

  it("creates, updates, orders and pages like the database", async () => {
    const store = recordsOrMemory<Row>("TestRows", new Map())
    for (const [cart, hour] of [
      ["cart_a", "09"],
      ["cart_b", "11"],
      ["cart_c", "10"],
    ]) {
      await store.create({ cart_id: cart, outcome: null, held_at: `2026-11-27T${hour}:00:00.000Z` })
    }
    const newestFirst = await store.list({ outcome: null }, { order: { held_at: "DESC" } })
    expect(newestFirst.map((row) => row.cart_id)).toEqual(["cart_b", "cart_c", "cart_a"])
    await store.update({ id: newestFirst[0].id, outcome: "placed" })
    expect((await store.list({ outcome: null }, { order: { held_at: "ASC" }, take: 1 })).map((row) => row.cart_id)).toEqual(["cart_a"])
    expect((await store.list({ outcome: { $ne: null } })).map((row) => row.cart_id)).toEqual(["cart_b"])
  })
})
