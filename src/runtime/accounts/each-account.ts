import type { AccountRuntime } from "./plugin-runtime"

/** What one account's part of a job gave. */
export interface AccountResult<T> {
  account: AccountRuntime
  result: T
}

/** Some accounts' parts of a job failed; the others' results are kept. */
export class AccountsFailedError<T> extends Error {
  constructor(
    readonly failures: Array<{ account: AccountRuntime; error: Error }>,
    readonly results: Array<AccountResult<T>>
  ) {
    super(failures.map(({ account, error }) => `${account.providerId}: ${error.message}`).join("; "))
    this.name = "AccountsFailedError"
  }
}

/**
 * Runs a job's work for every account, one after the other, so each account's service is
 * called with its own credentials and one account's failure does not stop the others
 * (a job runs once per tick across instances; runtime/infrastructure/job-run.ts).
 * @throws AccountsFailedError after every account had its turn, when any failed; its message
 *   names each failed account's provider id.
 */
export async function forEachAccount<T>(accounts: AccountRuntime[], work: (account: AccountRuntime) => Promise<T>): Promise<Array<AccountResult<T>>> {
  const results: Array<AccountResult<T>> = []
  const failures: Array<{ account: AccountRuntime; error: Error }> = []
  for (const account of accounts) {
    try {
      results.push({ account, result: await work(account) })
    } catch (error) {
      failures.push({ account, error: error instanceof Error ? error : new Error(String(error)) })
    }
  }
  if (failures.length) throw new AccountsFailedError(failures, results)
  return results
}

/** One line for a job's run: the account's own line alone, or each prefixed with its provider id. */
export function summariseAccounts<T>(results: Array<AccountResult<T>>, summarise: (result: T) => string): string {
  if (results.length === 1) return summarise(results[0].result)
  return results.map(({ account, result }) => `${account.providerId}: ${summarise(result)}`).join("; ")
}
