// Answers get the empty values the recordings show (docs/service-api.md "Recorded answers"), which
// clients read; applied when an answer is built, so what is stored stays what was sent.

interface OrderDetailsShape {
  courier?: object
  discounts?: object[]
  consumer?: { phoneNumber?: string }
  items?: Array<{ categories?: string[][] }>
}

/** `orderDetails` as answered: `courier` `{}`, `discounts` `[]`, `phoneNumber` `""`, `categories` `[]` when absent. */
export function orderDetailsAsAnswered<Details extends OrderDetailsShape>(details: Details): Details {
  const answered: Details = structuredClone(details)
  answered.courier ??= {}
  answered.discounts ??= []
  if (answered.consumer) answered.consumer = { ...answered.consumer, phoneNumber: answered.consumer.phoneNumber ?? "" }
  if (answered.items) answered.items = answered.items.map((item) => ({ ...item, categories: item.categories ?? [] }))
  return answered
}

/** Get Checkout of an express checkout as answered: empty `courier`, `discounts` and `shippingOptions` when absent. */
export function expressCheckoutAsAnswered(body: Record<string, unknown>): Record<string, unknown> {
  return {
    ...body,
    courier: body.courier ?? {},
    discounts: body.discounts ?? [],
    shippingOptions: body.shippingOptions ?? { supportedShippingCountries: [] },
  }
}

/** `null` when the event has none. */
export function eventMerchantReferenceAsAnswered(reference: string | undefined): string | null {
  return reference ?? null
}
