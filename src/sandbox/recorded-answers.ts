/**
 * The shapes the real service answers where its recorded answers show more than the document
 * (docs/service-api.md "Recorded answers"): empty values where a request sent none, which
 * clients (the official SDKs, other integrations) read. Applied when an answer is built, so
 * what is stored stays what was sent.
 */

/** The parts of a payment's `orderDetails` (payment-lifecycle.ts) that get the service's empty values. */
interface OrderDetailsShape {
  courier?: object
  discounts?: object[]
  consumer?: { phoneNumber?: string }
  items?: Array<{ categories?: string[][] }>
}

/**
 * A Payment's `orderDetails` as the service answers it: `courier` `{}` and `discounts` `[]`
 * when the checkout had none (the recordings' requests sent `null`), `consumer.phoneNumber`
 * `""` when the consumer gave none, each item's `categories` `[]` when it had none.
 */
export function orderDetailsAsAnswered<Details extends OrderDetailsShape>(details: Details): Details {
  const answered: Details = structuredClone(details)
  answered.courier ??= {}
  answered.discounts ??= []
  if (answered.consumer) answered.consumer = { ...answered.consumer, phoneNumber: answered.consumer.phoneNumber ?? "" }
  if (answered.items) answered.items = answered.items.map((item) => ({ ...item, categories: item.categories ?? [] }))
  return answered
}

/**
 * Get Checkout of an express checkout as the service answers it: `courier` `{}`, `discounts`
 * `[]` and `shippingOptions` `{ supportedShippingCountries: [] }` when the checkout was created
 * without them.
 */
export function expressCheckoutAsAnswered(body: Record<string, unknown>): Record<string, unknown> {
  return {
    ...body,
    courier: body.courier ?? {},
    discounts: body.discounts ?? [],
    shippingOptions: body.shippingOptions ?? { supportedShippingCountries: [] },
  }
}

/** An event's `paymentEventMerchantReference` as answered: `null` when the event has none. */
export function eventMerchantReferenceAsAnswered(reference: string | undefined): string | null {
  return reference ?? null
}
