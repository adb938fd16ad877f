import { z } from "zod"
import { ENDPOINTS, type EndpointName, type EndpointSpec, type ServiceRequest } from "../client/endpoints"
import { apiAmountSchema, consumerSchema, moneySchema, serviceAmountSchema } from "../client/schemas"

/**
 * The request bodies as the service takes them, derived from the endpoint table
 * (client/endpoints.ts): each row's `service` schema (where the service is known to take more
 * than the plugin sends), else its `request` schema, made lenient where the real service is:
 * - a field sent as JSON `null` reads as absent (docs/service-api.md "Optional fields sent as
 *   null": the PHP SDK sends `"line2": null`), so `null` for an optional field is accepted and
 *   `null` for a required one (`amount`, `token`) is refused as that field missing; in both
 *   modes;
 * - unless the sandbox runs strict, every Money `amount` is any non-negative decimal, rounded
 *   to 2 places (`serviceAmountSchema`: the real service takes `"110.0"`, docs/service-api.md
 *   "Recorded answers"); strict keeps the plugin's own rule, exactly 2 decimals.
 * Every other rule (lengths, formats, refinements) stays the client's. Unknown fields are
 * handled by `validateBody` (request-body.ts), not here.
 */

/**
 * Create Checkout as the service takes it for both modes (docs/service-api.md
 * "Express checkout"): the row's schema with `consumer` optional and
 * `shippingOptionIdentifier` (a pre-selected shipping option). A standard checkout still
 * needs `consumer.email` ("consumer is required", "consumer.email is required"); an express
 * checkout needs `merchant.popupOriginUrl` instead (docs/service-api.md "MerchantConfig":
 * "required for express checkout") and may come without consumer, billing, shipping or
 * redirect URLs: the consumer gives them in the popup.
 */
const createCheckoutAsServed = z
  .strictObject({
    ...ENDPOINTS["Create Checkout"].service.shape,
    consumer: consumerSchema.optional(),
    shippingOptionIdentifier: z.string().min(1, "must not be empty").max(128, "must be at most 128 characters").optional(),
  })
  .superRefine((checkout, context) => {
    if (checkout.mode === "express") {
      if (!checkout.merchant?.popupOriginUrl) {
        context.addIssue({ code: "custom", path: ["merchant", "popupOriginUrl"], message: "is required for an express checkout (mode express)" })
      }
      return
    }
    if (!checkout.consumer) context.addIssue({ code: "custom", path: ["consumer"], message: "is required" })
    else if (!checkout.consumer.email) context.addIssue({ code: "custom", path: ["consumer", "email"], message: "is required" })
  })

/**
 * Auth as the service takes it: the row's schema with `amount` (Money), which an express
 * checkout requires and a standard one ignores (docs/service-api.md "Express checkout"; the check against the approved amount is approved-amount.ts's).
 */
const authAsServed = z.strictObject({ ...ENDPOINTS.Auth.request.shape, amount: moneySchema.optional() })

/** Rows whose body the sandbox takes in a wider shape than the endpoint table's (express checkout). */
const SANDBOX_SCHEMAS = {
  "Create Checkout": createCheckoutAsServed,
  Auth: authAsServed,
} satisfies Partial<Record<EndpointName, z.ZodType>>

/** The body of `N` as the sandbox's handler gets it: the table's service shape, widened for express where listed above. */
export type SandboxRequest<N extends EndpointName> = N extends keyof typeof SANDBOX_SCHEMAS
  ? z.output<(typeof SANDBOX_SCHEMAS)[N]>
  : ServiceRequest<N>

/** The Create Checkout body as the sandbox keeps it. */
export type ServiceCreateCheckoutRequest = SandboxRequest<"Create Checkout">

const cache = new Map<string, z.ZodType>()

/**
 * The schema the sandbox validates `name`'s JSON body with; undefined for an endpoint without
 * a body (a request sent as a query string is read raw: list-payments-query.ts). `strict`
 * (the sandbox's `strictRequests`) keeps the plugin's own amount rule, exactly 2 decimals.
 */
export function serviceRequestSchema(name: EndpointName, strict = false): z.ZodType | undefined {
  const spec: EndpointSpec = ENDPOINTS[name]
  const source = (SANDBOX_SCHEMAS as Partial<Record<EndpointName, z.ZodType>>)[name] ?? spec.service ?? spec.request
  if (!source || spec.query) return undefined
  const key = `${name}\u0000${strict}`
  let schema = cache.get(key)
  if (!schema) cache.set(key, (schema = asServiceTakes(source, { roundAmounts: !strict })))
  return schema
}

/**
 * `schema` with every object's known fields read as absent when `null`, at every depth
 * (objects, optional values, array elements), and with `roundAmounts` every API amount
 * (`apiAmountSchema`) taken as any decimal and rounded to 2 places. Checks (refinements,
 * lengths) are kept: each node is cloned with its own definition and only its children replaced.
 */
export function asServiceTakes(schema: z.ZodType, options: { roundAmounts: boolean }): z.ZodType {
  if (schema === apiAmountSchema) return options.roundAmounts ? serviceAmountSchema : schema
  const node = schema as z.ZodType & { clone(def: unknown): z.ZodType }
  const def = node._zod.def as any
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, asServiceTakes(field, options)])
      )
      const known = new Set(Object.keys(shape))
      return z.preprocess((value) => withoutNullFields(value, known), node.clone({ ...def, shape }))
    }
    case "optional":
    case "nullable":
    case "default":
      return node.clone({ ...def, innerType: asServiceTakes(def.innerType, options) })
    case "array":
      return node.clone({ ...def, element: asServiceTakes(def.element, options) })
    default:
      return schema
  }
}

/** A copy of `value` without its known fields that are `null`; anything else as it is. */
function withoutNullFields(value: unknown, known: ReadonlySet<string>): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value
  const entries = Object.entries(value)
  if (!entries.some(([key, field]) => field === null && known.has(key))) return value
  return Object.fromEntries(entries.filter(([key, field]) => !(field === null && known.has(key))))
}
