import { z } from "zod"
import { ENDPOINTS, type EndpointName, type EndpointSpec, type ServiceRequest } from "../client/endpoints"
import { apiAmountSchema, consumerSchema, moneySchema, serviceAmountSchema } from "../client/schemas"

// Lenient where the real service is: a JSON `null` reads as absent (docs/service-api.md "Optional
// fields sent as null": the PHP SDK sends `"line2": null`), and unless strict any decimal amount is
// taken and rounded (the service takes `"110.0"`).

/**
 * Both modes (docs/service-api.md "Express checkout"): a standard checkout needs `consumer.email`;
 * an express one needs `merchant.popupOriginUrl` and may lack consumer and addresses, given in the popup.
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
        context.addIssue({
          code: "custom",
          path: ["merchant", "popupOriginUrl"],
          message: "is required for an express checkout (mode express)",
        })
      }
      return
    }
    if (!checkout.consumer) context.addIssue({ code: "custom", path: ["consumer"], message: "is required" })
    else if (!checkout.consumer.email) context.addIssue({ code: "custom", path: ["consumer", "email"], message: "is required" })
  })

/** With `amount`, which an express checkout requires and a standard one ignores. */
const authAsServed = z.strictObject({ ...ENDPOINTS.Auth.request.shape, amount: moneySchema.optional() })

const SANDBOX_SCHEMAS = {
  "Create Checkout": createCheckoutAsServed,
  Auth: authAsServed,
} satisfies Partial<Record<EndpointName, z.ZodType>>

/** The body of `N` as the sandbox's handler gets it. */
export type SandboxRequest<N extends EndpointName> = N extends keyof typeof SANDBOX_SCHEMAS
  ? z.output<(typeof SANDBOX_SCHEMAS)[N]>
  : ServiceRequest<N>

/** The Create Checkout body as the sandbox keeps it. */
export type ServiceCreateCheckoutRequest = SandboxRequest<"Create Checkout">

const cache = new Map<string, z.ZodType>()

/** The schema for `name`'s JSON body; undefined without a body or for a query. `strict` keeps exactly 2 decimals. */
export function serviceRequestSchema(name: EndpointName, strict = false): z.ZodType | undefined {
  const spec: EndpointSpec = ENDPOINTS[name]
  const source = (SANDBOX_SCHEMAS as Partial<Record<EndpointName, z.ZodType>>)[name] ?? spec.service ?? spec.request
  if (!source || spec.query) return undefined
  const key = `${name}\u0000${strict}`
  let schema = cache.get(key)
  if (!schema) {
    schema = asServiceTakes(source, { roundAmounts: !strict })
    cache.set(key, schema)
  }
  return schema
}

/**
 * `schema` with known fields read as absent when `null` at every depth, and with `roundAmounts` any
 * decimal amount rounded to 2 places. Checks are kept: each node is cloned, only its children replaced.
 */
export function asServiceTakes(schema: z.ZodType, options: { roundAmounts: boolean }): z.ZodType {
  if (schema === apiAmountSchema) return options.roundAmounts ? serviceAmountSchema : schema
  const node = schema as z.ZodType & { clone(def: unknown): z.ZodType }
  const def = node._zod.def as any
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, asServiceTakes(field, options)]),
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

function withoutNullFields(value: unknown, known: ReadonlySet<string>): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value
  const entries = Object.entries(value)
  if (!entries.some(([key, field]) => field === null && known.has(key))) return value
  return Object.fromEntries(entries.filter(([key, field]) => !(field === null && known.has(key))))
}
