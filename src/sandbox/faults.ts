import { z } from "zod"
import { ENDPOINT_SHORT_NAMES as SANDBOX_ENDPOINTS, type EndpointShortName as SandboxEndpoint } from "../client/endpoints"

/**
 * Failure modes a test can inject (docs/sandbox.md "Faults"). Only `lost_response` and `latency` apply
 * the change; during `latency` a retry with the same requestId gets 409 `conflict`.
 */
export const FAULT_KINDS = ["latency", "status", "lost_response", "conflict", "malformed", "html", "reset"] as const

export type SandboxFaultKind = (typeof FAULT_KINDS)[number]

/** A fault aimed at one endpoint or `*`, used up after `times` requests (default 1). */
export interface SandboxFault {
  endpoint: SandboxEndpoint | "*"
  kind: SandboxFaultKind
  status?: number
  delayMs?: number
  times?: number
}

/** Unknown fields are refused so typos are caught. */
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

/** First added, first used. */
export class FaultRegistry {
  private armed: ArmedFault[] = []

  add(fault: SandboxFault): void {
    const parsed = sandboxFaultSchema.parse(fault)
    this.armed.push({ fault: parsed, remaining: parsed.times ?? 1 })
  }

  take(endpoint: SandboxEndpoint): SandboxFault | undefined {
    const armed = this.armed.find((candidate) => candidate.fault.endpoint === endpoint || candidate.fault.endpoint === "*")
    if (!armed) return undefined
    armed.remaining -= 1
    if (armed.remaining <= 0) this.armed = this.armed.filter((candidate) => candidate !== armed)
    return armed.fault
  }

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

export const TRUNCATED_JSON_BODY = '{"id":"100000000001","token":"001.truncated","status":"APPR'
