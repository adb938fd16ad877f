import fc from "fast-check"
import { encodeListPaymentsQuery, encodeQueryValue } from "../../../src/client/query"

describe("List Payments query encoding (docs/service-api.md, List Payments rules)", () => {
  it("sends nothing for an empty query", () => {
    expect(encodeListPaymentsQuery({})).toBe("")
    expect(encodeListPaymentsQuery()).toBe("")
    expect(encodeListPaymentsQuery({ ids: [] })).toBe("")
  })

  it("repeats array parameters once per value, never commas or brackets", () => {
    expect(encodeListPaymentsQuery({ ids: ["a", "b"] })).toBe("ids=a&ids=b")
    expect(
      encodeListPaymentsQuery({
        tokens: ["t1", "t2"],
        merchantReferences: ["ref-1"],
        statuses: ["APPROVED", "DECLINED"],
      }),
    ).toBe("tokens=t1&tokens=t2&merchantReferences=ref-1&statuses=APPROVED&statuses=DECLINED")
  })

  it("keeps - and : in dates and sends + as %2b", () => {
    expect(
      encodeListPaymentsQuery({
        fromCreatedDate: "2026-01-01T00:00:00+01:00",
        toCreatedDate: "2026-01-31T23:59:59.999Z",
      }),
    ).toBe("toCreatedDate=2026-01-31T23:59:59.999Z&fromCreatedDate=2026-01-01T00:00:00%2b01:00")
    expect(encodeListPaymentsQuery({ fromCreatedDate: "2026-06-01T10:00:00-05:30" })).toBe("fromCreatedDate=2026-06-01T10:00:00-05:30")
  })

  it("writes booleans as true/false and numbers as integers, in the document's order", () => {
    expect(
      encodeListPaymentsQuery({
        ascending: false,
        orderBy: "totalAmount",
        includeNextLink: true,
        offset: 0,
        limit: 250,
      }),
    ).toBe("limit=250&offset=0&includeNextLink=true&orderBy=totalAmount&ascending=false")
  })

  it("percent-encodes what would break the query string", () => {
    expect(encodeListPaymentsQuery({ merchantReferences: ["a&b=c d", "x+y", "ü/#?"] })).toBe(
      "merchantReferences=a%26b%3Dc%20d&merchantReferences=x%2by&merchantReferences=%C3%BC%2F%23%3F",
    )
    expect(encodeQueryValue("a:b+c")).toBe("a:b%2bc")
  })

  it("every array value appears once, as its own parameter, and decodes back to itself", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 6 }), (ids) => {
        const query = encodeListPaymentsQuery({ ids })
        const parts = query.split("&")
        expect(parts).toHaveLength(ids.length)
        expect(query).not.toMatch(/[[\],]/)
        parts.forEach((part, index) => {
          expect(part.startsWith("ids=")).toBe(true)
          expect(decodeURIComponent(part.slice(4))).toBe(ids[index])
        })
      }),
    )
  })

  it("any offset date keeps its shape, with only the + changed", () => {
    const date = fc
      .tuple(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom("+", "-"),
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom("00", "30", "45"),
      )
      .map(([d, sign, hours, minutes]) => `${d.toISOString().slice(0, 19)}${sign}${String(hours).padStart(2, "0")}:${minutes}`)
    fc.assert(
      fc.property(date, (value) => {
        expect(encodeListPaymentsQuery({ fromCreatedDate: value })).toBe(`fromCreatedDate=${value.replace("+", "%2b")}`)
      }),
    )
  })
})
