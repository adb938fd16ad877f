import type { z } from "zod"

/**
 * Formats a zod issue as "field rule", e.g. `consumer.email must be at most 128 characters`.
 * Returns the field path and the rule separately so errors can carry both. An unknown key
 * is named as the field (zod reports it on the parent), and a missing value reads "is required".
 */
export function describeIssue(error: z.ZodError): { field: string; rule: string } {
  const issue = error.issues[0]
  const path: PropertyKey[] = [...issue.path]
  let rule = issue.message
  if (issue.code === "unrecognized_keys" && issue.keys.length > 0) {
    path.push(issue.keys[0])
    rule = "is not a field of this request"
  } else if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) {
    rule = "is required"
  }
  const field = path.map((part) => (typeof part === "number" ? `[${part}]` : String(part)))
  return {
    field: field.join(".").replace(/\.\[/g, "["),
    rule,
  }
}
