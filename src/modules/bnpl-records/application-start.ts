// Medusa awaits every module's `onApplicationStart` before `medusa start` listens. The runtime
// registers its work here as its files load, so this module imports nothing of the plugin.
const jobs = new Set<() => Promise<unknown>>()

/** Registers `job` to run at the application's start. */
export function atApplicationStart(job: () => Promise<unknown>): void {
  jobs.add(job)
}

/** Runs the registered jobs together and waits for them; never throws. */
export async function runApplicationStart(): Promise<void> {
  await Promise.all([...jobs].map((job) => job().catch(() => undefined)))
}
