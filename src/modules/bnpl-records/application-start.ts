/**
 * Work the plugin runs once the store's modules are loaded and before its HTTP server takes
 * traffic: Medusa awaits every module's `onApplicationStart` hook (this module's, service.ts)
 * before `medusa start` listens. The runtime registers its work here when its files load (the
 * store's routes import them at boot), so the module itself imports nothing of the plugin.
 */
const jobs = new Set<() => Promise<unknown>>()

/** Registers `job` to run at the application's start (once per registration; a failure is the job's to report). */
export function atApplicationStart(job: () => Promise<unknown>): void {
  jobs.add(job)
}

/** Runs the registered jobs together and waits for them; never throws. */
export async function runApplicationStart(): Promise<void> {
  await Promise.all([...jobs].map((job) => job().catch(() => undefined)))
}
