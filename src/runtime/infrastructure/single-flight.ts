/** Concurrent callers of the same `key` share one run of `work`, and its failure; a caller after it settles starts a new one. */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>()

  run(key: string, work: () => Promise<T>): Promise<T> {
    const known = this.running.get(key)
    if (known) return known
    const started = work().finally(() => this.running.delete(key))
    this.running.set(key, started)
    return started
  }
}
