import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SpanStatusCode } from "@opentelemetry/api"
import { tracerOf } from "../../client/telemetry-instruments"

/**
 * Runs one tick of a job and logs `medusa-payment-bnpl: job <name> ran in <ms> ms` (info),
 * so an operator can see each job's runs and on which instance they happened; a failure is
 * logged as `medusa-payment-bnpl: job <name> failed: <message>` and rethrown to Medusa.
 * The run is a span, `bnpl job <name>`, the parent of the calls it makes to the service
 * (docs/operations.md "Observability").
 */
export async function runJob(container: MedusaContainer, name: string, work: () => Promise<unknown>): Promise<void> {
  await tracerOf().startActiveSpan(`bnpl job ${name}`, { attributes: { "bnpl.job": name } }, async (span) => {
    try {
      await runJobLogged(container, name, work)
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) })
      throw error
    } finally {
      span.end()
    }
  })
}

async function runJobLogged(container: MedusaContainer, name: string, work: () => Promise<unknown>): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER, { allowUnregistered: true }) as
    | { info?(message: string): void; error?(message: string): void }
    | undefined
  const started = Date.now()
  try {
    await work()
  } catch (error) {
    logger?.error?.(`medusa-payment-bnpl: job ${name} failed: ${(error as Error)?.message ?? String(error)}`)
    throw error
  }
  logger?.info?.(`medusa-payment-bnpl: job ${name} ran in ${Date.now() - started} ms`)
}
