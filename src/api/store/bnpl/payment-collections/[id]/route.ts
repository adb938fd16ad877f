import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { minorUnitsToApiAmount, toApiAmount, toMinorUnits, type MajorUnitAmount } from "../../../../../client/money"
import { accountCurrency, checkEligibility, disabledAccount, unservedCurrency } from "../../../../../payments/eligibility"
import { forShopper } from "../../../../../payments/errors"
import { ORDER_ITEM_QUANTITY_FIELD, orderItemQuantity } from "../../../../../payments/mapping/order-snapshot"
import { readOrderCollection, readOrderForSnapshot, PAYABLE_COLLECTION_STATUSES } from "../../../../../operations/order-for-snapshot"
import { getConfiguration } from "../../../../../runtime/accounts/configuration"
import { effectiveSettings } from "../../../../../runtime/config/effective-settings"
import { accountForCurrency, getPluginRuntime } from "../../../../../runtime/accounts/plugin-runtime"
import { paymentCollectionIdSchema, paymentLinkQuerySchema } from "../../../../request-schemas"
import { parseRequestPart } from "../../../../validate-request"

/** The order fields the payment link page shows. */
const ORDER_FIELDS = [
  "display_id",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  ORDER_ITEM_QUANTITY_FIELD,
  "items.thumbnail",
  "items.unit_price",
]

/**
 * `GET /store/bnpl/payment-collections/:id?order_id=` (docs/storefront.md "The payment link page: what an order still owes").
 * The collection id is the secret: an unknown one, a cart's or another order's all get the same 404.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const collectionId = parseRequestPart(paymentCollectionIdSchema, req.params.id, "id")
  const { order_id: orderId } = parseRequestPart(
    paymentLinkQuerySchema,
    (req as { validatedQuery?: unknown }).validatedQuery ?? req.query,
    "query",
  )
  const notFound = new MedusaError(MedusaError.Types.NOT_FOUND, "No payment collection has that id for this order.")
  const collection = await readOrderCollection(req.scope, collectionId)
  if (!collection?.orderId || collection.orderId !== orderId) throw notFound
  const order = await readOrderForSnapshot(req.scope, orderId, ORDER_FIELDS)
  if (!order) throw notFound
  const owedMinor = toMinorUnits(collection.amount, "payment_collection.amount")
  const payable = PAYABLE_COLLECTION_STATUSES.includes(collection.status) && owedMinor > 0n
  res.json({
    payment_collection: {
      id: collection.id,
      status: collection.status,
      amount: minorUnitsToApiAmount(owedMinor),
      amount_minor: Number(owedMinor),
      currency_code: collection.currency_code,
      payable,
    },
    order: {
      id: order.id,
      display_id: order.display_id,
      items: ((order.items ?? []) as Array<Record<string, any>>).map((item) => ({
        id: item.id,
        title: [item.product_title ?? item.title, item.variant_title].filter((part) => part && part !== "Default variant").join(" - "),
        quantity: orderItemQuantity(item),
        thumbnail: item.thumbnail ?? null,
        unit_price: toApiAmount(item.unit_price as MajorUnitAmount),
        unit_price_minor: Number(toMinorUnits(item.unit_price as MajorUnitAmount)),
      })),
    },
    pay_later: await payLaterOffer(req, owedMinor, collection.currency_code),
  })
}

/** Whether pay later is offered for this amount: the account of the currency, its settings and limits. */
async function payLaterOffer(req: MedusaRequest, amountMinor: bigint, currency: string) {
  const runtime = getPluginRuntime(req.scope)
  const account = accountForCurrency(runtime, currency)
  if (!account) return unservedCurrency(currency)
  const provider = { provider_id: account.providerId }
  if (!(await effectiveSettings(account, account)).enabled) return { ...disabledAccount(accountCurrency(account.options)), ...provider }
  const configuration = await getConfiguration(account.client, account.options, account).catch((error: unknown) => {
    // The page still shows what is owed; only the button waits for the service (logged).
    forShopper("Reading the account's limits", error, "unavailable", account.logger)
    return undefined
  })
  if (!configuration) return { eligible: false, reason: "limits_unavailable", currency: accountCurrency(account.options), ...provider }
  return { ...checkEligibility(amountMinor, currency, accountCurrency(account.options), configuration), ...provider }
}
