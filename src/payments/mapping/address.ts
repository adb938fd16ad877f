import type { Address, Consumer } from "../../client/schemas"
import type { CartSnapshot, SnapshotAddress } from "./cart-snapshot"
import { cutText } from "./text"

/**
 * Medusa address -> the API's Address (docs/service-api.md "Address"). UK: `area1` is the postal town, `region` the county;
 * EU: `area1` is the town, `area2` the province. The other area field has no Medusa counterpart.
 */
export function toApiAddress(address: SnapshotAddress | undefined, region: "UK" | "EU"): Address | undefined {
  if (!address) return undefined
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ")
  const country = address.countryCode?.trim().toUpperCase()
  const mapped: Address = {
    name: cutText(address.company && !name ? address.company : name, 255),
    line1: cutText(address.line1, 128),
    line2: cutText(address.line2, 128),
    area1: cutText(address.city, 128),
    area2: region === "EU" ? cutText(address.province, 128) : undefined,
    region: region === "UK" ? cutText(address.province, 128) : undefined,
    postcode: cutText(address.postalCode, 128),
    countryCode: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    phoneNumber: cutPhone(address.phone),
  }
  return withoutEmpty(mapped)
}

/** Names from the billing address (who pays), else shipping, else the customer (docs/service-api.md "Consumer"). */
export function toConsumer(snapshot: CartSnapshot): Consumer & { email: string } {
  const person = [snapshot.billingAddress, snapshot.shippingAddress].find((address) => address?.firstName || address?.lastName)
  return {
    givenNames: cutText(person?.firstName ?? snapshot.customer?.firstName, 128),
    surname: cutText(person?.lastName ?? snapshot.customer?.lastName, 128),
    email: cutText(snapshot.email, 128) ?? "",
    phoneNumber: cutPhone(snapshot.billingAddress?.phone ?? snapshot.shippingAddress?.phone ?? snapshot.customer?.phone),
  }
}

/** A phone number longer than 32 characters cannot be right once cut, so it is left out. */
function cutPhone(phone: string | undefined): string | undefined {
  const trimmed = cutText(phone, 64)
  return trimmed && trimmed.length <= 32 ? trimmed : undefined
}

function withoutEmpty<T extends object>(value: T): T | undefined {
  const entries = Object.entries(value).filter(([, field]) => field !== undefined)
  return entries.length ? (Object.fromEntries(entries) as T) : undefined
}
