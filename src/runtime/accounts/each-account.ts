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
    readonly results: Array<AccountResult<T>>,
  ) {
    super(failures.map(({ account, error }) => `${account.providerId}: ${error.message}`).join("; "))
    this.name = "AccountsFailedError"
  }
}

/** Runs the work for each account in turn, so one failure does not stop the others; then throws AccountsFailedError. */
export async function forEachAccount<T>(
  accounts: AccountRuntime[],
  work: (account: AccountRuntime) => Promise<T>,
): Promise<Array<AccountResult<T>>> {
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
