import type { SandboxClock } from "./clock"
import type { EndpointResult } from "./result"
import { REQUEST_ID_MEMORY_MS } from "./rules"

type Remembered = { state: "in_flight" } | { state: "done"; result: EndpointResult; atMs: number }

/** Remembered requestIds (docs/service-api.md "Idempotent requests"); keys are scoped by the caller. */
export class RequestIdMemory {
  private readonly entries = new Map<string, Remembered>()

  constructor(private readonly clock: SandboxClock) {}

  lookup(key: string): Remembered | undefined {
    const entry = this.entries.get(key)
    if (entry?.state === "done" && this.clock.nowMs() - entry.atMs > REQUEST_ID_MEMORY_MS) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  begin(key: string): void {
    this.entries.set(key, { state: "in_flight" })
  }

  finish(key: string, result: EndpointResult): void {
    // A deep copy, so the replay is the answer as it was, not the payment as it is now.
    this.entries.set(key, { state: "done", result: structuredClone(result), atMs: this.clock.nowMs() })
  }

  abandon(key: string): void {
    if (this.entries.get(key)?.state === "in_flight") this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }
}
