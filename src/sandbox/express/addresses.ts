import { z } from "zod"
import { countryCodeSchema, type Address, type Consumer } from "../../client/schemas"

const max = (limit: number) => z.string().max(limit, `must be at most ${limit} characters`)

/** An address as the express popup hands it to `onShippingAddressChange`; limits of the Address field each becomes. */
export const popupAddressSchema = z.strictObject({
  name: max(255).optional(),
  address1: max(128).min(1, "is required"),
  address2: max(128).optional(),
  area2: max(128).optional(),
  suburb: max(128).optional(),
  state: max(128).optional(),
  postcode: max(128).optional(),
  countryCode: countryCodeSchema,
  phoneNumber: max(32).optional(),
})

export type PopupAddress = z.infer<typeof popupAddressSchema>

/** One of the popup's made-up consumers. */
export interface ExpressAddressPreset {
  id: string
  label: string
  email: string
  address: PopupAddress
}

/**
 * The sandbox's own addresses (the real service shows the consumer's saved ones); the US one is served
 * by no sandbox store, for `SHIPPING_ADDRESS_UNSUPPORTED`. Phone numbers are from ranges set aside for drama.
 */
export const EXPRESS_ADDRESS_PRESETS: readonly ExpressAddressPreset[] = [
  {
    id: "gb-london",
    label: "London, GB",
    email: "alice.express@example.com",
    address: {
      name: "Alice Example",
      address1: "221B Baker Street",
      address2: "Flat 2",
      area2: "Marylebone",
      suburb: "London",
      state: "Greater London",
      postcode: "NW1 6XE",
      countryCode: "GB",
      phoneNumber: "+44 20 7946 0001",
    },
  },
  {
    id: "gb-manchester",
    label: "Manchester, GB",
    email: "ben.express@example.co.uk",
    address: {
      name: "Ben Sample",
      address1: "1 Piccadilly Gardens",
      suburb: "Manchester",
      state: "Greater Manchester",
      postcode: "M1 1RG",
      countryCode: "GB",
      phoneNumber: "+44 161 496 0002",
    },
  },
  {
    id: "de-berlin",
    label: "Berlin, DE",
    email: "clara.express@example.de",
    address: {
      name: "Clara Muster",
      address1: "Unter den Linden 1",
      suburb: "Berlin",
      state: "Berlin",
      postcode: "10117",
      countryCode: "DE",
      phoneNumber: "+49 30 9010 0003",
    },
  },
  {
    id: "us-new-york",
    label: "New York, US",
    email: "dan.express@example.com",
    address: {
      name: "Dan Placeholder",
      address1: "350 Fifth Avenue",
      address2: "Floor 20",
      suburb: "New York",
      state: "NY",
      postcode: "10118",
      countryCode: "US",
      phoneNumber: "+1 212 555 0104",
    },
  },
]

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}

/** The popup's address in the Address shape (docs/service-api.md "Address"), as Get Checkout answers `shipping`. */
export function contactOf(address: PopupAddress): Address {
  return withoutUndefined({
    name: address.name,
    line1: address.address1,
    line2: address.address2,
    area1: address.suburb,
    area2: address.area2,
    region: address.state,
    postcode: address.postcode,
    countryCode: address.countryCode,
    phoneNumber: address.phoneNumber,
  })
}

/** The consumer as Get Checkout answers it after an express confirmation; `name`'s last word is the surname. */
export function consumerOf(address: PopupAddress, email: string): Consumer {
  const words = (address.name ?? "").trim().split(/\s+/).filter(Boolean)
  return withoutUndefined({
    email,
    givenNames: words.length > 1 ? words.slice(0, -1).join(" ") : words[0],
    surname: words.length > 1 ? words[words.length - 1] : undefined,
    phoneNumber: address.phoneNumber,
  })
}
