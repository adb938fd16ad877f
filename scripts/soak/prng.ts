/**
 * mulberry32: a small seeded PRNG (32-bit state), so one printed seed replays the same choices.
 * Timing on a real deployment still varies, so a replay repeats the choices, not every interleaving.
 */
export class Prng {
  private state: number

  constructor(readonly seed: number) {
    this.state = seed >>> 0
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  /** One of `weights`' keys, each with its weight's share of the chances. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as Array<[K, number]>
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = this.next() * total
    for (const [key, weight] of entries) {
      roll -= weight
      if (roll < 0) return key
    }
    return entries[entries.length - 1][0]
  }

  /** A child generator for one actor, so actors' draws do not depend on each other's timing. */
  fork(label: number): Prng {
    return new Prng((Math.imul(this.seed ^ 0x9e3779b9, 2654435761) + label * 0x85ebca6b) >>> 0)
  }
}
