import { apiAmountToMinorUnits, isApiAmount } from "../client/money"
import { SANDBOX_CREDENTIALS } from "../sandbox-credentials"

/** A merchant account: per region, with its own credentials; its limits are what Get Configuration answers. */
export interface SandboxAccount {
  region: "UK" | "EU"
  merchantId: string
  secretKey: string
  currency: "GBP" | "EUR"
  /** API amount string, e.g. "1.00". */
  minimumAmount: string
  maximumAmount: string
  /** Other ids this account answers to, so scripts using the old non-numeric ids keep working. */
  formerMerchantIds?: string[]
}

/**
 * Deterministic so docs and tests can cite them; sandbox credentials, safe to print. Ids are numeric
 * like the real service's, as the official SDKs' log masking and User-Agent assume digits.
 */
export const DEFAULT_SANDBOX_ACCOUNTS: readonly SandboxAccount[] = Object.freeze([
  Object.freeze({
    region: "UK",
    merchantId: SANDBOX_CREDENTIALS.UK.merchantId,
    secretKey: SANDBOX_CREDENTIALS.UK.secretKey,
    currency: "GBP",
    minimumAmount: "1.00",
    maximumAmount: "1000.00",
    formerMerchantIds: SANDBOX_CREDENTIALS.UK.formerMerchantIds as string[],
  }),
  Object.freeze({
    region: "EU",
    merchantId: SANDBOX_CREDENTIALS.EU.merchantId,
    secretKey: SANDBOX_CREDENTIALS.EU.secretKey,
    currency: "EUR",
    minimumAmount: "1.00",
    maximumAmount: "2000.00",
    formerMerchantIds: SANDBOX_CREDENTIALS.EU.formerMerchantIds as string[],
  }),
]) as readonly SandboxAccount[]

/** Both API amount strings and minimum <= maximum. @throws Error naming the field. */
export function assertValidLimits(minimumAmount: string, maximumAmount: string): void {
  for (const [field, value] of [
    ["minimumAmount", minimumAmount],
    ["maximumAmount", maximumAmount],
  ] as const) {
    if (typeof value !== "string" || !isApiAmount(value) || value.startsWith("-")) {
      throw new Error(`${field} must be an amount string with 2 decimals such as "1.00", got ${JSON.stringify(value)}`)
    }
  }
  if (apiAmountToMinorUnits(minimumAmount) > apiAmountToMinorUnits(maximumAmount)) {
    throw new Error(`minimumAmount ${minimumAmount} must not be above maximumAmount ${maximumAmount}`)
  }
}

/** Copies and checks the starting accounts. @throws Error for a missing field or a shared merchantId. */
export function prepareAccounts(accounts: readonly SandboxAccount[]): SandboxAccount[] {
  const seen = new Set<string>()
  return accounts.map((account, index) => {
    if (!account.merchantId || !account.secretKey) {
      throw new Error(`accounts[${index}] needs a merchantId and a secretKey`)
    }
    for (const id of [account.merchantId, ...(account.formerMerchantIds ?? [])]) {
      if (seen.has(id)) throw new Error(`accounts[${index}]: merchant id ${id} is used twice`)
      seen.add(id)
    }
    if (!/^[A-Z]{3}$/.test(account.currency)) {
      throw new Error(`accounts[${index}].currency must be an ISO 4217 code such as GBP`)
    }
    assertValidLimits(account.minimumAmount, account.maximumAmount)
    return { ...account, ...(account.formerMerchantIds ? { formerMerchantIds: [...account.formerMerchantIds] } : {}) }
  })
}
