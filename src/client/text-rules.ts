import { z } from "zod"

/**
 * Text a merchant types that the plugin stores (PostgreSQL text and jsonb) or sends to the
 * service (a refund's references, docs/service-api.md "Create Refund"): PostgreSQL refuses the
 * NUL character in both, and a lone UTF-16 surrogate is not UTF-8 at all, so either would fail
 * deep in Medusa's insert with its SQL in the error. Refused at the edge instead, naming the
 * rule. `field` starts each message ("note must ..."), for messages shown as they are (Medusa's
 * body validation); without it the messages start at "must" (the options' errors add the path).
 */
export function storableText(field?: string) {
  const name = field ? `${field} ` : ""
  return z
    .string({ error: `${name}must be text` })
    .refine((text) => !text.includes("\u0000"), `${name}must not contain the NUL character (\\u0000)`)
    .refine((text) => !LONE_SURROGATE.test(text), `${name}must be valid Unicode text (no unpaired surrogate such as \\ud800)`)
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
