/**
 * How the popup's address becomes the Checkout's `shipping` and `consumer` after an express
 * confirmation (src/sandbox/express/addresses.ts; docs/sandbox.md "What a confirmation changes").
 */
import { consumerOf, contactOf, EXPRESS_ADDRESS_PRESETS, popupAddressSchema } from "../../../../src/sandbox/express/addresses"

describe("the popup's address in the API's shapes", () => {
  it("maps every field to the Address resource's name, leaving out what the consumer did not give", () => {
    expect(
      contactOf({
        name: "Ann Lee",
        address1: "1 Road",
        address2: "Flat 3",
        area2: "Leith",
        suburb: "Edinburgh",
        state: "Midlothian",
        postcode: "EH6 6AA",
        countryCode: "GB",
        phoneNumber: "+44 131 496 0000",
      }),
    ).toEqual({
      name: "Ann Lee",
      line1: "1 Road",
      line2: "Flat 3",
      area1: "Edinburgh",
      area2: "Leith",
      region: "Midlothian",
      postcode: "EH6 6AA",
      countryCode: "GB",
      phoneNumber: "+44 131 496 0000",
    })
    expect(contactOf({ address1: "1 Road", countryCode: "DE" })).toEqual({ line1: "1 Road", countryCode: "DE" })
  })

  it("splits the name into given names and surname; a single word is the given name; no name gives neither", () => {
    expect(consumerOf({ name: " Mary  Ann  Smith ", address1: "1 Road", countryCode: "GB" }, "m@example.com")).toEqual({
      email: "m@example.com",
      givenNames: "Mary Ann",
      surname: "Smith",
    })
    expect(consumerOf({ name: "Cher", address1: "1 Road", countryCode: "GB" }, "c@example.com")).toEqual({
      email: "c@example.com",
      givenNames: "Cher",
    })
    expect(consumerOf({ address1: "1 Road", countryCode: "GB" }, "x@example.com")).toEqual({ email: "x@example.com" })
  })

  it("offers presets that are valid popup addresses, with unique ids, the first one in GB", () => {
    for (const preset of EXPRESS_ADDRESS_PRESETS) expect(popupAddressSchema.safeParse(preset.address).success).toBe(true)
    expect(new Set(EXPRESS_ADDRESS_PRESETS.map((preset) => preset.id)).size).toBe(EXPRESS_ADDRESS_PRESETS.length)
    expect(EXPRESS_ADDRESS_PRESETS[0].address.countryCode).toBe("GB")
  })
})
