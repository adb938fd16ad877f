import type { BnplClient } from "../../client/index"
import type { BnplOptions } from "../../options"
import { getConfiguration } from "./configuration"
import { clientProbe, connectionWarning, testConnection, type ConnectionTestResult } from "./connection-test"
import type { CacheLike, LoggerLike } from "../infrastructure/shared-types"

/** The start-up test on the shared client, so its token and limits are cached for the first shopper; a failure logs a warning. */
export function checkConnectionAtStartup(
  account: { providerId: string; options: BnplOptions; client: BnplClient },
  dependencies: { cache?: CacheLike; logger?: LoggerLike },
): Promise<ConnectionTestResult | undefined> {
  const { client, options } = account
  const probe = clientProbe(client, () => getConfiguration(client, options, dependencies))
  return testConnection(account, probe)
    .then((result) => {
      const warning = connectionWarning(result)
      if (warning) dependencies.logger?.warn?.(warning)
      return result
    })
    .catch((error: Error) => {
      // testConnection reports the service's failures itself; this is a bug's last word.
      dependencies.logger?.warn?.(`medusa-payment-bnpl: ${account.providerId} connection test could not run: ${error?.message}`)
      return undefined
    })
}
