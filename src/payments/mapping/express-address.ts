import type { Checkout } from "../../client/schemas"
import { cutText } from "./text"
import type { PopupAddress } from "../../vocabulary"

export type { PopupAddress } from "../../vocabulary"

/** An address in the shape Medusa's cart workflows take (`shipping_address`, `billing_address`). */
export interface MedusaAddressInput {
  first_name?: string
  last_name?: string
  address_1?: string
  address_2?: string
  city?: string
  province?: string
  postal_code?: string
  /** Lower case, as Medusa keeps it. */
  country_code?: string
  phone?: string
}

/** "Ada King Lovelace" -> first "Ada King", last "Lovelace"; one word is a first name. */
export function splitName(name: string | undefined): { first_name?: string; last_name?: string } {
  const words = (cutText(name, 255) ?? "").split(" ").filter(Boolean)
  if (words.length === 0) return {}
  if (words.length === 1) return { first_name: words[0] }
  return { first_name: words.slice(0, -1).join(" "), last_name: words[words.length - 1] }
}

/** The popup's address as the cart's: `suburb` is `city`, `state` the `province` (in the EU, `area2` without a `state`). */
export function popupAddressToMedusa(address: PopupAddress, region: "UK" | "EU"): MedusaAddressInput {
  return withoutEmpty({
    ...splitName(address.name),
    address_1: cutText(address.address1, 255),
    address_2: cutText(address.address2, 255),
    city: cutText(address.suburb, 255),
    province: cutText(address.state ?? (region === "EU" ? address.area2 : undefined), 255),
    postal_code: cutText(address.postcode, 64),
    country_code: address.countryCode.trim().toLowerCase(),
    phone: cutText(address.phoneNumber, 64),
  })
}

type ApiAddress = NonNullable<Checkout["shipping"]>
type ApiConsumer = NonNullable<Checkout["consumer"]>

/** A Get Checkout address (docs/service-api.md "Address") as Medusa's, mapped as the popup's; the contact's name, else the consumer's. */
export function checkoutAddressToMedusa(address: ApiAddress, consumer: ApiConsumer | undefined, region: "UK" | "EU"): MedusaAddressInput {
  const name = address.name
    ? splitName(address.name)
    : { first_name: cutText(consumer?.givenNames, 255), last_name: cutText(consumer?.surname, 255) }
  return withoutEmpty({
    ...name,
    address_1: cutText(address.line1, 255),
    address_2: cutText(address.line2, 255),
    city: cutText(address.area1, 255),
    province: cutText(address.region ?? (region === "EU" ? address.area2 : undefined), 255),
    postal_code: cutText(address.postcode, 64),
    country_code: address.countryCode?.trim().toLowerCase(),
    phone: cutText(address.phoneNumber ?? consumer?.phoneNumber, 64),
  })
}

function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined && field !== "")) as T
}
