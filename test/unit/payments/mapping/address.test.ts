import fc from "fast-check"
import { addressSchema, consumerSchema } from "../../../../src/client/schemas"
import { toApiAddress, toConsumer } from "../../../../src/payments/mapping/address"
import type { SnapshotAddress } from "../../../../src/payments/mapping/cart-snapshot"
import { LONE_SURROGATE, snapshot, textArb } from "./carts"

const london: SnapshotAddress = {
  firstName: "Ann",
  lastName: "Smith",
  company: "Acme Ltd",
  line1: "221B Baker Street",
  line2: "Flat 2",
  city: "London",
  province: "Greater London",
  postalCode: "NW1 6XE",
  countryCode: "gb",
  phone: "+44 20 7946 0958",
}

const madrid: SnapshotAddress = {
  firstName: "José",
  lastName: "García Pérez",
  line1: "Calle de Alcalá 42",
  city: "Madrid",
  province: "Comunidad de Madrid",
  postalCode: "28014",
  countryCode: "es",
  phone: "+34 600 000 000",
}

describe("toApiAddress (docs/service-api.md, Resources: Address)", () => {
  it("UK: area1 is the postal town (city), region is the county (province), no area2", () => {
    expect(toApiAddress(london, "UK")).toEqual({
      name: "Ann Smith",
      line1: "221B Baker Street",
      line2: "Flat 2",
      area1: "London",
      region: "Greater London",
      postcode: "NW1 6XE",
      countryCode: "GB",
      phoneNumber: "+44 20 7946 0958",
    })
  })

  it("EU: area1 is the town (city), area2 is the province, no region", () => {
    expect(toApiAddress(madrid, "EU")).toEqual({
      name: "José García Pérez",
      line1: "Calle de Alcalá 42",
      area1: "Madrid",
      area2: "Comunidad de Madrid",
      postcode: "28014",
      countryCode: "ES",
      phoneNumber: "+34 600 000 000",
    })
  })

  it("sends the company as the contact name only when there is no person's name", () => {
    expect(toApiAddress({ ...london, firstName: undefined, lastName: undefined }, "UK")?.name).toBe("Acme Ltd")
    expect(toApiAddress({ ...london, lastName: undefined }, "UK")?.name).toBe("Ann")
    expect(toApiAddress({ ...london, firstName: undefined }, "UK")?.name).toBe("Smith")
  })

  it.each([
    ["gb", "GB"],
    [" de ", "DE"],
    ["Fr", "FR"],
  ])("upper-cases the country code %j to %j", (countryCode, expected) => {
    expect(toApiAddress({ countryCode }, "EU")).toEqual({ countryCode: expected })
  })

  it.each(["gbr", "g", "", "1e", "g b"])("leaves out a country code that is not two letters (%j)", (countryCode) => {
    expect(toApiAddress({ line1: "1 Main St", countryCode }, "UK")).toEqual({ line1: "1 Main St" })
  })

  it("cuts each field to the document's limit: name 255, lines, areas, region and postcode 128", () => {
    const long = (length: number) => "x".repeat(length)
    const uk = toApiAddress(
      {
        firstName: long(200),
        lastName: long(200),
        line1: long(129),
        line2: long(500),
        city: long(129),
        province: long(129),
        postalCode: long(129),
        countryCode: "GB",
      },
      "UK",
    )!
    expect(uk.name).toHaveLength(255)
    expect(uk.name!.startsWith(`${long(200)} x`)).toBe(true)
    for (const field of ["line1", "line2", "area1", "region", "postcode"] as const) expect(uk[field]).toHaveLength(128)
    expect(toApiAddress({ province: long(300) }, "EU")?.area2).toHaveLength(128)
  })

  it("keeps each field at exactly its limit, and drops an emoji that would be split at the limit", () => {
    const address = toApiAddress({ firstName: "y".repeat(255), line1: `${"z".repeat(127)}😀`, city: `${"z".repeat(126)}😀` }, "UK")!
    expect(address.name).toBe("y".repeat(255))
    expect(address.line1).toBe("z".repeat(127))
    expect(address.area1).toBe(`${"z".repeat(126)}😀`)
  })

  it("keeps a phone number of up to 32 characters and leaves out a longer one (a cut number is wrong)", () => {
    expect(toApiAddress({ phone: "+".padEnd(32, "1") }, "UK")).toEqual({ phoneNumber: "+".padEnd(32, "1") })
    expect(toApiAddress({ line1: "1 Main St", phone: "+".padEnd(33, "1") }, "UK")).toEqual({ line1: "1 Main St" })
  })

  it("gives no address at all when there is none or every field is blank", () => {
    expect(toApiAddress(undefined, "UK")).toBeUndefined()
    expect(toApiAddress({}, "EU")).toBeUndefined()
    expect(toApiAddress({ firstName: "  ", line1: "\t", countryCode: "" }, "UK")).toBeUndefined()
  })

  it("for any address text, in either region, passes the Address schema and breaks no character", () => {
    const field = fc.option(textArb(true), { nil: undefined })
    fc.assert(
      fc.property(
        fc.record({
          firstName: field,
          lastName: field,
          company: field,
          line1: field,
          line2: field,
          city: field,
          province: field,
          postalCode: field,
          countryCode: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
          phone: field,
        }),
        fc.constantFrom<"UK" | "EU">("UK", "EU"),
        (address, region) => {
          const mapped = toApiAddress(address, region)
          if (mapped === undefined) return
          expect(addressSchema.safeParse(mapped).error?.issues).toBeUndefined()
          for (const value of Object.values(mapped)) {
            expect(value).not.toBe("")
            expect(value).not.toMatch(LONE_SURROGATE)
          }
          expect(mapped).not.toHaveProperty(region === "UK" ? "area2" : "region")
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe("toConsumer (docs/service-api.md, Resources: Consumer)", () => {
  it("takes the names and phone of the billing address (who pays) and the cart's e-mail", () => {
    expect(
      toConsumer(
        snapshot({
          email: "ann.smith@example.com",
          billingAddress: london,
          shippingAddress: madrid,
          customer: { firstName: "Customer", lastName: "Record", phone: "+44 1" },
        }),
      ),
    ).toEqual({ givenNames: "Ann", surname: "Smith", email: "ann.smith@example.com", phoneNumber: "+44 20 7946 0958" })
  })

  it("falls back to the shipping address, then to the customer record", () => {
    expect(toConsumer(snapshot({ shippingAddress: madrid, billingAddress: { line1: "x" } }))).toMatchObject({
      givenNames: "José",
      surname: "García Pérez",
      phoneNumber: "+34 600 000 000",
    })
    expect(toConsumer(snapshot({ customer: { firstName: "Bea", lastName: "Jones", phone: "+44 7700 900123" } }))).toMatchObject({
      givenNames: "Bea",
      surname: "Jones",
      phoneNumber: "+44 7700 900123",
    })
  })

  it("cuts givenNames, surname and email to 128 and leaves out a phone number over 32", () => {
    const consumer = toConsumer(
      snapshot({
        email: `${"e".repeat(200)}@example.com`,
        billingAddress: { firstName: "G".repeat(129), lastName: `${"S".repeat(127)}😀`, phone: "1".repeat(33) },
      }),
    )
    expect(consumer.givenNames).toBe("G".repeat(128))
    expect(consumer.surname).toBe("S".repeat(127))
    expect(consumer.email).toHaveLength(128)
    expect(consumer.phoneNumber).toBeUndefined()
    expect(consumerSchema.safeParse(consumer).success).toBe(true)
  })

  it("keeps each field at exactly its limit", () => {
    const consumer = toConsumer(
      snapshot({
        email: `${"e".repeat(116)}@example.com`,
        billingAddress: { firstName: "G".repeat(128), lastName: "S".repeat(128), phone: "1".repeat(32) },
      }),
    )
    expect(consumer).toEqual({
      givenNames: "G".repeat(128),
      surname: "S".repeat(128),
      email: `${"e".repeat(116)}@example.com`,
      phoneNumber: "1".repeat(32),
    })
  })

  it("has an empty e-mail when the cart has none (the request is then refused before it is sent)", () => {
    expect(toConsumer(snapshot({ email: undefined })).email).toBe("")
    expect(toConsumer(snapshot({ email: "   " })).email).toBe("")
  })
})
