// The sandbox's published credentials, apart so the production options never depend on the
// emulator. Sandbox credentials only: safe to print.
export const SANDBOX_CREDENTIALS = Object.freeze({
  UK: Object.freeze({
    merchantId: "100101",
    secretKey: "sandbox-uk-secret-key",
    formerMerchantIds: Object.freeze(["sandbox-uk-merchant"]),
  }),
  EU: Object.freeze({
    merchantId: "100201",
    secretKey: "sandbox-eu-secret-key",
    formerMerchantIds: Object.freeze(["sandbox-eu-merchant"]),
  }),
})

/** Every merchant id the sandbox has published, current and former: refused in production. */
export const SANDBOX_MERCHANT_IDS: ReadonlySet<string> = new Set(
  Object.values(SANDBOX_CREDENTIALS).flatMap((account) => [account.merchantId, ...account.formerMerchantIds]),
)

/** Every secret key the sandbox has published. */
export const SANDBOX_SECRET_KEYS: ReadonlySet<string> = new Set(Object.values(SANDBOX_CREDENTIALS).map((account) => account.secretKey))
