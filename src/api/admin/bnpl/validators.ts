import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { captureModeSchema, exclusionsSchema, messageDefaultsSchema, onOrderFailureSchema } from "../../../options"
import { nameForMessage } from "../../validate-request"
import { storableText } from "../../../client/text-rules"

// Messages name the field: Medusa's body validation shows a rule's message as it is.
const medusaId = (field: string, prefix: string) =>
  z
    .string({ error: `${field} must be a Medusa ${prefix} id` })
    .regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,64}$`), `${field} must be a Medusa ${prefix} id (${prefix}_…)`)

/** Actions that take no input: the body must be empty (or `{}`). */
export const EmptyBody = z.strictObject({})

/** `POST /admin/bnpl/reconciliation/void`. */
export const VoidFindingBody = z.strictObject({
  service_order_id: z
    .string({ error: "service_order_id must be the service's order id" })
    .regex(/^[\w-]{1,64}$/, "service_order_id must be the service's order id (at most 64 letters, digits, _ or -)"),
  /** The account's provider (`pp_bnpl_bnpl-eu`), when two accounts could hold the same service order id. */
  provider_id: z
    .string({ error: "provider_id must be a pay later provider id such as pp_bnpl_bnpl" })
    .regex(/^pp_bnpl_[\w-]{1,64}$/, "provider_id must be a pay later provider id such as pp_bnpl_bnpl")
    .optional(),
})

/** `POST /admin/bnpl/reconciliation/complete`. */
export const CompleteFindingBody = z.strictObject({ cart_id: medusaId("cart_id", "cart") })

/** The refund route's body, as Medusa's Refund dialog takes it; `amount` in major units (docs/operations.md "Refunds"). */
export const RefundBody = z.strictObject({
  amount: z
    .string({ error: 'amount must be a decimal string in major units such as "12.50"' })
    .regex(/^\s*\d{1,12}(\.\d{1,12})?\s*$/, 'amount must be a decimal string in major units such as "12.50"'),
  refund_reason_id: z
    .string({ error: "refund_reason_id must be a Medusa refund reason id" })
    .regex(/^refr_[0-9A-Za-z]{1,64}$/, "refund_reason_id must be a Medusa refund reason id (refr_…)")
    .optional(),
  note: storableText("note").max(500, "note must be at most 500 characters").optional(),
})

export const OrderParams = z.strictObject({ order_id: medusaId("order_id", "order") })
export const PaymentParams = z.strictObject({ payment_id: medusaId("payment_id", "pay") })
const accountIdSchema = z
  .string({ error: "account_id must be an account id from GET /admin/bnpl/accounts" })
  .regex(/^[0-9a-f]{16}$/, "account_id must be an account id from GET /admin/bnpl/accounts")
export const AccountParams = z.strictObject({ account_id: accountIdSchema })

/** `GET /admin/bnpl/health`: one account's card (its id), else every account's. */
export const HealthQuery = z.strictObject({ account_id: accountIdSchema.optional() })

/** The settings routes take the account's id (GET /admin/bnpl/accounts) or its payment provider id. */
export const SettingsAccountParams = z.strictObject({
  account_id: z
    .string()
    .regex(
      /^([0-9a-f]{16}|pp_bnpl_[\w-]{1,64})$/,
      "account_id must be an account id from GET /admin/bnpl/accounts or its provider id (pp_bnpl_…)",
    ),
})

/** The settings route's body; `null` restores medusa-config's value, and the options' own schemas apply. */
export const AccountSettingsBody = z
  .strictObject({
    enabled: z.boolean({ error: "must be true or false" }).nullable().optional(),
    capture: captureModeSchema.nullable().optional(),
    exclusions: exclusionsSchema.nullable().optional(),
    message: messageDefaultsSchema.nullable().optional(),
    onOrderFailure: onOrderFailureSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "must hold at least one of enabled, capture, exclusions, message, onOrderFailure",
  })

/** Parses path parameters; throws MedusaError INVALID_DATA naming the parameter and the rule. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const result = schema.safeParse(params)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new MedusaError(MedusaError.Types.INVALID_DATA, issue.message)
  }
  return result.data
}

/** `GET /admin/bnpl/money-records.csv`: a UTC day (a real date) and, optionally, one account. */
export const MoneyRecordsQuery = z.strictObject({
  day: z
    .string({ error: "day must be a date such as 2026-11-27" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "day must be a date such as 2026-11-27")
    .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "day must be a date such as 2026-11-27"),
  account_id: SettingsAccountParams.shape.account_id.optional(),
})

/** The plugin's admin routes take no query parameters, but for these (each with its own schema). */
export const EmptyQuery = z.strictObject({})
export const ROUTES_WITH_QUERY: ReadonlySet<string> = new Set(["/admin/bnpl/health", "/admin/bnpl/money-records.csv"])

/** Middleware: 400 for a query string on the admin routes, naming the parameter but never echoing its value. */
export function refuseQuery(
  req: { query?: unknown; path?: string; baseUrl?: string },
  _res: unknown,
  next: (error?: unknown) => void,
): void {
  if (ROUTES_WITH_QUERY.has(`${req.baseUrl ?? ""}${req.path ?? ""}`.replace(/\/$/, ""))) {
    next()
    return
  }
  const result = EmptyQuery.safeParse(req.query ?? {})
  if (result.success) {
    next()
    return
  }
  const issue = result.error.issues[0]
  const name = issue.code === "unrecognized_keys" ? nameForMessage(issue.keys[0]) : "query"
  next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: query parameter ${name} is not accepted here`))
}
