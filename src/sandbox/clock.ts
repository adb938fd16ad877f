/**
 * The sandbox's own clock: real time plus an offset that tests move forward. Every expiry
 * (checkouts, authorisations, access tokens, remembered requestIds, the refund time limit)
 * is measured against it, so a test can cross 60 minutes or 13 days without waiting.
 */
export class SandboxClock {
  private offsetMs = 0

  /** Milliseconds since the epoch, as the sandbox sees them. */
  nowMs(): number {
    return Date.now() + this.offsetMs
  }

  now(): Date {
    return new Date(this.nowMs())
  }

  /** Moves the clock forward; the sandbox never goes back in time, so negative values are refused. */
  advance(seconds: number): Date {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`seconds must be a finite number of 0 or more, got ${seconds}`)
    }
    this.offsetMs += Math.round(seconds * 1000)
    return this.now()
  }

  /** How far the clock was moved, in milliseconds (kept by `saveSandboxState`). */
  offset(): number {
    return this.offsetMs
  }

  reset(): void {
    this.offsetMs = 0
  }
}

/** A millisecond timestamp as the API writes it: UTC, ISO 8601. */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString()
}
