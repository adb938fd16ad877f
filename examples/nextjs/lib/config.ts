import type { StoreClientConfig } from "medusa-payment-bnpl-storefront"

/**
 * The store as the Next.js server reaches it. Both values are public (the publishable key is
 * sent by every browser that uses the store); there is no secret in a storefront.
 */
export function storeConfig(headers?: Record<string, string>): StoreClientConfig {
  const baseUrl = process.env.MEDUSA_BACKEND_URL
  const publishableKey = process.env.MEDUSA_PUBLISHABLE_KEY
  if (!baseUrl || !publishableKey) {
    throw new Error("Set MEDUSA_BACKEND_URL and MEDUSA_PUBLISHABLE_KEY (see examples/nextjs/README.md).")
  }
  return { baseUrl, publishableKey, headers, fetchOptions: { cache: "no-store" } }
}

/** The order page path, as the plugin's `storefrontOrderPath` also names it (with `{order_id}` left for the kit). */
export const orderUrl = (countryCode: string) => `/${countryCode}/order/{order_id}/confirmed`

/**
 * The service's express library (in development the sandbox's `{sandbox}/express/library.js`),
 * from `BNPL_EXPRESS_LIBRARY_URL`; without it the pages show no express button.
 */
export const expressLibraryUrl = (): string | undefined => process.env.BNPL_EXPRESS_LIBRARY_URL || undefined
