import { z } from "zod"

/**
 * Merchant text bound for PostgreSQL or the service: NUL and lone surrogates would fail deep in
 * Medusa's insert with its SQL in the error, so they are refused here. `field` starts each message.
 */
export function storableText(field?: string) {
  const name = field ? `${field} ` : ""
  return z
    .string({ error: `${name}must be text` })
    .refine((text) => !text.includes("\u0000"), `${name}must not contain the NUL character (\\u0000)`)
    .refine((text) => !LONE_SURROGATE.test(text), `${name}must be valid Unicode text (no unpaired surrogate such as \\ud800)`)
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
