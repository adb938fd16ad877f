import { checkoutAddressToMedusa, popupAddressToMedusa, splitName } from "../../../../src/payments/mapping/express-address"

describe("express addresses", () => {
  it("the popup's address becomes the cart's shipping address: suburb the city, state the province, the country in lower case", () => {
    expect(
      popupAddressToMedusa(
        {
          name: "Ada King Lovelace",
          address1: "12 St James's Square",
          address2: "Flat 3",
          suburb: "London",
          state: "Greater London",
          postcode: "SW1Y 4JH",
          countryCode: "GB",
          phoneNumber: "+44 20 7946 0958",
        },
        "UK",
      ),
    ).toEqual({
      first_name: "Ada King",
      last_name: "Lovelace",
      address_1: "12 St James's Square",
      address_2: "Flat 3",
      city: "London",
      province: "Greater London",
      postal_code: "SW1Y 4JH",
      country_code: "gb",
      phone: "+44 20 7946 0958",
    })
    expect(popupAddressToMedusa({ address1: "Unter den Linden 1", area2: "Berlin", countryCode: "de" }, "EU")).toEqual({
      address_1: "Unter den Linden 1",
      province: "Berlin",
      country_code: "de",
    })
  })

  it("Get Checkout's shipping address becomes Medusa's, the reverse of the checkout mapping; names from the consumer when the address has none", () => {
    expect(
      checkoutAddressToMedusa(
        { line1: "12 St James's Square", area1: "London", region: "Greater London", postcode: "SW1Y 4JH", countryCode: "GB" },
        { givenNames: "Ada", surname: "Lovelace", email: "ada@example.com", phoneNumber: "+44 20 7946 0958" },
        "UK",
      ),
    ).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "12 St James's Square",
      city: "London",
      province: "Greater London",
      postal_code: "SW1Y 4JH",
      country_code: "gb",
      phone: "+44 20 7946 0958",
    })
    expect(
      checkoutAddressToMedusa(
        { name: "Émile Zola", line1: "21 Rue de Bruxelles", area1: "Paris", area2: "Île-de-France", countryCode: "FR" },
        undefined,
        "EU",
      ),
    ).toMatchObject({
      first_name: "Émile",
      last_name: "Zola",
      province: "Île-de-France",
      country_code: "fr",
    })
  })

  it("a one-word name is a first name; no name is none", () => {
    expect(splitName("Cher")).toEqual({ first_name: "Cher" })
    expect(splitName("  ")).toEqual({})
  })
})
