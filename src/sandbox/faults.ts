import { z } from "zod"
import { ENDPOINT_SHORT_NAMES as SANDBOX_ENDPOINTS, type EndpointShortName as SandboxEndpoint } from "../client/endpoints"

/**
 * Failure modes a test can inject, each one a way the real service (or the network in front
 * of it) is known to fail. Whether the change is applied matters to a client's retry logic:
 * - `latency`: wait `delayMs` (default 1000) while the request is being processed, then
 *   answer normally. A retry with the same requestId during the wait gets 409 `conflict`
 *   (docs/service-api.md "Errors").
 * - `status`: answer `status` (default 500) with a JSON error body; nothing applied.
 * - `lost_response`: apply the change, then drop the connection without answering.
 * - `conflict`: 409 `conflict`; nothing applied.
 * - `malformed`: the endpoint's success status with a truncated JSON body; nothing applied.
 * - `html`: a 502 (or `status`) HTML error page such as a proxy sends; nothing applied.
 * - `reset`: drop the connection before anything is applied.
 */
export const FAULT_KINDS = [
  "latency",
  "status",
  "lost_response",
  "conflict",
  "malformed",
  "html",
  "reset",
] as const

export type SandboxFaultKind = (typeof FAULT_KINDS)[number]

/** A fault aimed at one endpoint (or `*`, every endpoint), used up after `times` requests (default 1). */
export interface SandboxFault {
  endpoint: SandboxEndpoint | "*"
  kind: SandboxFaultKind
  status?: number
  delayMs?: number
  times?: number
}

/** Validates a fault given to the control API; unknown fields are refused so typos are caught. */
export const sandboxFaultSchema = z.strictObject({
  endpoint: z.enum([...SANDBOX_ENDPOINTS, "*"], {
    message: `must be one of ${[...SANDBOX_ENDPOINTS, "*"].join(", ")}`,
  }),
  kind: z.enum(FAULT_KINDS, { message: `must be one of ${FAULT_KINDS.join(", ")}` }),
  status: z.number().int().min(100).max(599).optional(),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  times: z.number().int().min(1).optional(),
})

interface ArmedFault {
  fault: SandboxFault
  remaining: number
}

/** The faults waiting to be used, first added first used. */
export class FaultRegistry {
  private armed: ArmedFault[] = []

  add(fault: SandboxFault): void {
    const parsed = sandboxFaultSchema.parse(fault)
    this.armed.push({ fault: parsed, remaining: parsed.times ?? 1 })
  }

  /** Uses up one request's worth of the first fault aimed at `endpoint`, if any. */
  take(endpoint: SandboxEndpoint): SandboxFault | undefined {
    const armed = this.armed.find(
      (candidate) => candidate.fault.endpoint === endpoint || candidate.fault.endpoint === "*"
    )
    if (!armed) return undefined
    armed.remaining -= 1
    if (armed.remaining <= 0) this.armed = this.armed.filter((candidate) => candidate !== armed)
    return armed.fault
  }

  /** The faults not yet used up, with how many requests each still applies to. */
  list(): Array<SandboxFault & { remaining: number }> {
    return this.armed.map(({ fault, remaining }) => ({ ...fault, remaining }))
  }

  clear(): void {
    this.armed = []
  }
}

/** What a fault of kind `html` answers with: a bare proxy error page. */
export function proxyErrorPage(status: number): string {
  return `<!DOCTYPE html><html><head><title>${status} Bad Gateway</title></head><body><center><h1>${status} Bad Gateway</h1></center><hr><center>sandbox-proxy</center></body></html>`
}

/** What a fault of kind `malformed` answers with: JSON cut off mid-way. */
export const TRUNCATED_JSON_BODY = '{"id":"100000000001","token":"001.truncated","status":"APPR'
