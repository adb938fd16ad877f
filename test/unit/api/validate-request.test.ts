import { emptyQuerySchema, eligibilityQuerySchema } from "../../../src/api/request-schemas"
import { refuseQuery } from "../../../src/api/admin/bnpl/validators"
import { nameForMessage, parseRequestPart } from "../../../src/api/validate-request"

const CART = "cart_01JABCDEFGHJKMNPQRSTVWXYZ0"

/** The message a parse answers, or a failure when it accepts. */
function messageOf(parse: () => unknown): string {
  try {
    parse()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("accepted")
}

describe("nameForMessage: an unknown parameter's name as an error may show it", () => {
  it("keeps a plain name as it is", () => {
    expect(nameForMessage("ammount")).toBe("ammount")
    expect(nameForMessage("cart_id[$ne]")).toBe("cart_id[$ne]")
  })

  it("cuts at 40 characters (whole characters, not halves of an emoji) and marks the cut", () => {
    expect(nameForMessage("a".repeat(6000))).toBe(`${"a".repeat(40)}…`)
    expect(nameForMessage("🧺".repeat(100))).toBe(`${"?".repeat(40)}…`)
    expect(nameForMessage("a".repeat(40))).toBe("a".repeat(40))
  })

  it("turns markup, quotes, spaces and control characters into ?", () => {
    expect(nameForMessage("<script>")).toBe("?script?")
    expect(nameForMessage(`"a b'\u0000\n`)).toBe("?a?b???")
  })
})

describe("the plugin's parsers never echo a long or marked-up name", () => {
  const hostileNames = ["x".repeat(6000), "<script>alert(1)</script>", "<img src=x onerror=alert(1)>"]

  it.each(hostileNames)("eligibility query with an unknown %#", (name) => {
    const message = messageOf(() => parseRequestPart(eligibilityQuerySchema, { cart_id: CART, [name]: "1" }, "query"))
    expect(message).toMatch(/^Invalid request: .* is not accepted here$/)
    expect(message).not.toMatch(/[<>]/)
    expect(message.length).toBeLessThan(100)
  })

  it.each(hostileNames)("an admin body with an unknown %#", (name) => {
    const message = messageOf(() => parseRequestPart(emptyQuerySchema, { [name]: "1" }, "body"))
    expect(message).not.toMatch(/[<>]/)
    expect(message.length).toBeLessThan(100)
  })

  it.each(hostileNames)("an admin route's query with an unknown %#", (name) => {
    let error: Error | undefined
    refuseQuery({ query: { [name]: "1" } }, {}, (thrown) => (error = thrown as Error))
    expect(error!.message).toMatch(/^Invalid request: query parameter .* is not accepted here$/)
    expect(error!.message).not.toMatch(/[<>]/)
    expect(error!.message.length).toBeLessThan(100)
  })
})
