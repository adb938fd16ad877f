import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SpanStatusCode } from "@opentelemetry/api"
import { tracerOf } from "../../client/telemetry-instruments"

/**
 * Runs one tick of a job and logs `medusa-payment-bnpl: job <name> ran in <ms> ms`, so an
 * operator can see each job's runs and on which instance they happened: at info when the run
 * did something (`acted` of its result, or always without `acted`), else at debug, so a quiet
 * store's log is not two lines a minute of nothing (docs/operations.md "Log lines"); a failure is
 * logged as `medusa-payment-bnpl: job <name> failed: <message>` and rethrown to Medusa.
 * The run is a span, `bnpl job <name>`, the parent of the calls it makes to the service
 * (docs/operations.md "Observability").
 */
export async function runJob<T>(
  container: MedusaContainer,
  name: string,
  work: () => Promise<T>,
  acted?: (result: T) => boolean
): Promise<void> {
  await tracerOf().startActiveSpan(`bnpl job ${name}`, { attributes: { "bnpl.job": name } }, async (span) => {
    try {
      await runJobLogged(container, name, work, acted)
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) })
      throw error
    } finally {
      span.end()
    }
  })
}

async function runJobLogged<T>(
  container: MedusaContainer,
  name: string,
  work: () => Promise<T>,
  acted?: (result: T) => boolean
): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER, { allowUnregistered: true }) as
    | { info?(message: string): void; debug?(message: string): void; error?(message: string): void }
    | undefined
  const started = Date.now()
  let result: T
  try {
    result = await work()
  } catch (error) {
    logger?.error?.(`medusa-payment-bnpl: job ${name} failed: ${(error as Error)?.message ?? String(error)}`)
    throw error
  }
  const line = `medusa-payment-bnpl: job ${name} ran in ${Date.now() - started} ms`
  if (!acted || acted(result)) logger?.info?.(line)
  else logger?.debug?.(line)
}

/** Whether any of a run's lists has an entry: the `acted` test of a job whose report is lists of what it did. */
export const anyEntries = (...lists: ReadonlyArray<readonly unknown[]>): boolean => lists.some((list) => list.length > 0)
