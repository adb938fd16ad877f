import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SpanStatusCode } from "@opentelemetry/api"
import { tracerOf } from "../../client/telemetry-instruments"

/** Runs one job tick as the span `bnpl job <name>`; logs at info only when it did something, so a quiet log stays quiet. */
export async function runJob<T>(
  container: MedusaContainer,
  name: string,
  work: () => Promise<T>,
  acted?: (result: T) => boolean,
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
  acted?: (result: T) => boolean,
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
