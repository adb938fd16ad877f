/** Real time plus an offset tests move forward, so a test can cross 60 minutes or 13 days without waiting. */
export class SandboxClock {
  private offsetMs = 0

  nowMs(): number {
    return Date.now() + this.offsetMs
  }

  now(): Date {
    return new Date(this.nowMs())
  }

  /** Negative values are refused: the sandbox never goes back in time. */
  advance(seconds: number): Date {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`seconds must be a finite number of 0 or more, got ${seconds}`)
    }
    this.offsetMs += Math.round(seconds * 1000)
    return this.now()
  }

  /** How far the clock was moved, in ms. */
  offset(): number {
    return this.offsetMs
  }

  reset(): void {
    this.offsetMs = 0
  }
}

/** UTC, ISO 8601, as the API writes it. */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString()
}
