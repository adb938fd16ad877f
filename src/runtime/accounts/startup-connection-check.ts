import type { BnplClient } from "../../client/index"
import type { BnplOptions } from "../../options"
import { getConfiguration } from "./configuration"
import { clientProbe, connectionWarning, testConnection, type ConnectionTestResult } from "./connection-test"
import type { CacheLike, LoggerLike } from "../infrastructure/shared-types"

/**
 * The connection test once at start-up (issue 32, item 6), on the store's shared client: its
 * token comes from the shared cache and its limits through `getConfiguration`, which also
 * stores them for the first shopper. So a store of several instances still asks the token
 * service and Get Configuration once between them, and a healthy start costs one Ping more
 * than before. The server's start waits for it, briefly (plugin-runtime.ts
 * `checkAccountsBeforeTraffic`), so no shopper waits behind its Ping. A failure is one warning
 * naming the step, the likely cause and the fix (connection-diagnosis.ts).
 */
export function checkConnectionAtStartup(
  account: { providerId: string; options: BnplOptions; client: BnplClient },
  dependencies: { cache?: CacheLike; logger?: LoggerLike }
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
