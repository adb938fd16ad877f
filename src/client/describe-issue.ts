import type { z } from "zod"

/** A zod issue's field path and rule; an unknown key is named as the field, a missing value "is required". */
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
