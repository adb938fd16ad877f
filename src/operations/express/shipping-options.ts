import { updateCartWorkflow } from "@medusajs/medusa/core-flows"
import { minorUnitsToMoney, apiAmountToMinorUnits, type Money } from "../../client/money"
import { popupAddressToMedusa, type MedusaAddressInput, type PopupAddress } from "../../payments/mapping/express-address"
import { getConfiguration } from "../../runtime/accounts/configuration"
import { getPluginRuntime } from "../../runtime/accounts/plugin-runtime"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"
import { expressAccount, expressSessionOf, readExpressCart, requireOpenCart, underExpressLock } from "./express-cart"
import { saveExpressSession } from "./express-session"
import { shippingOptionTotals } from "./option-totals"

/** A shipping option in the shape the service's popup takes (docs/service-api.md "Express checkout"). */
export interface ExpressShippingOption {
  /** Medusa's shipping option id; the popup reports it back as `shippingOptionIdentifier`. */
  id: string
  name: string
  description: string
  shippingAmount: Money
  taxAmount: Money
  orderAmount: Money
}

/** The popup's rejection reasons (docs/service-api.md "Express checkout"). */
export type ShippingRejection = "SHIPPING_ADDRESS_UNSUPPORTED" | "SHIPPING_ADDRESS_UNRECOGNIZED" | "SERVICE_UNAVAILABLE"

export type ExpressShippingAnswer = { shipping_options: ExpressShippingOption[] } | { rejection: ShippingRejection }

/**
 * Answers `onShippingAddressChange` with the cart's options (Money, cheapest first, inside the limits).
 * Medusa deletes the session when the total changes: the checkout moves to a new one. @throws ExpressFailure.
 */
export async function expressShippingOptions(scope: ContainerLike, cartId: string, address: PopupAddress): Promise<ExpressShippingAnswer> {
  const { logger } = getPluginRuntime(scope)
  const cart = await requireOpenCart(scope, cartId)
  if (!cart.countries.includes(address.countryCode.toLowerCase())) return { rejection: "SHIPPING_ADDRESS_UNSUPPORTED" }
  let account: ReturnType<typeof expressAccount>
  let limits: Awaited<ReturnType<typeof getConfiguration>>
  try {
    account = expressAccount(scope, cart)
    limits = await getConfiguration(account.client, account.options, account)
  } catch (error) {
    logger?.warn?.(`medusa-payment-bnpl: express shipping options for cart ${cartId}: ${(error as Error).message}`)
    return { rejection: "SERVICE_UNAVAILABLE" }
  }
  const { region } = account.options
  const minimum = apiAmountToMinorUnits(limits.minimumAmount.amount)
  const maximum = apiAmountToMinorUnits(limits.maximumAmount.amount)
  const currency = cart.currencyCode.toUpperCase()

  return underExpressLock(scope, cartId, async () => {
    const current = (await readExpressCart(scope, cartId)) ?? cart
    const before = expressSessionOf(current)
    const shippingAddress = popupAddressToMedusa(address, region)
    try {
      // The popup asks again for the address the cart has (the consumer went back): no update.
      if (!sameAddress(current.shippingAddress, shippingAddress)) {
        await updateCartWorkflow(scope as any).run({ input: { id: cartId, shipping_address: shippingAddress } })
      }
    } catch (error) {
      logger?.info?.(`medusa-payment-bnpl: the popup's address was refused for cart ${cartId}: ${(error as Error).message}`)
      return { rejection: "SHIPPING_ADDRESS_UNRECOGNIZED" as const }
    }
    try {
      const options = (await shippingOptionTotals(scope, cartId))
        .filter((option) => option.totalMinor >= minimum && option.totalMinor <= maximum)
        .sort((a, b) => (a.totalMinor < b.totalMinor ? -1 : a.totalMinor > b.totalMinor ? 1 : a.name.localeCompare(b.name)))
      if (!options.length) return { rejection: "SHIPPING_ADDRESS_UNSUPPORTED" as const }
      return {
        shipping_options: options.map((option) => ({
          id: option.id,
          name: option.name,
          description: option.description,
          shippingAmount: minorUnitsToMoney(option.shippingMinor, currency),
          taxAmount: minorUnitsToMoney(option.taxMinor, currency),
          orderAmount: minorUnitsToMoney(option.totalMinor, currency),
        })),
      }
    } catch (error) {
      logger?.warn?.(`medusa-payment-bnpl: express shipping options for cart ${cartId} failed: ${(error as Error).message}`)
      return { rejection: "SERVICE_UNAVAILABLE" as const }
    } finally {
      await keepExpressSession(scope, cartId, before)
    }
  })
}

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "phone",
  "company",
] as const

function sameAddress(current: Record<string, unknown> | undefined, wanted: MedusaAddressInput): boolean {
  if (!current) return false
  return ADDRESS_FIELDS.every((field) => (current[field] ?? null) === ((wanted as Record<string, unknown>)[field] ?? null))
}

async function keepExpressSession(scope: ContainerLike, cartId: string, before: ReturnType<typeof expressSessionOf>): Promise<void> {
  if (!before?.data.token || before.data.express !== "started") return
  const now = await readExpressCart(scope, cartId)
  if (!now || now.completed || expressSessionOf(now, before.data.token)) return
  try {
    await saveExpressSession(scope, cartId, before.providerId, {
      token: before.data.token,
      expires: before.data.expires,
      phase: "started",
      itemsDigest: before.data.expressItemsDigest,
    })
  } catch (error) {
    getPluginRuntime(scope).logger?.warn?.(
      `medusa-payment-bnpl: the express checkout of cart ${cartId} could not be kept on a new payment session: ${(error as Error).message}`,
    )
  }
}
