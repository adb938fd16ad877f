/**
 * Words the server and the storefront kit both use, each defined once here. A leaf: it imports
 * nothing, so the kit (which runs in shoppers' browsers) can import it as the server does.
 */

/**
 * What Medusa puts before this plugin's payment providers' ids: `pp_` + the provider's
 * identifier `bnpl` + `_`, then the id an account is configured with (`pp_bnpl_bnpl`,
 * `pp_bnpl_bnpl-eu`).
 */
export const PROVIDER_ID_PREFIX = "pp_bnpl_"

/** The provider id of an account configured with `id: "bnpl"`, the documented default. */
export const DEFAULT_PROVIDER_ID = `${PROVIDER_ID_PREFIX}bnpl`

/** A pay-later provider id as routes and the kit accept it: the prefix and 1 to 64 letters, digits, `_` or `-`. */
export const PROVIDER_ID_PATTERN = new RegExp(`^${PROVIDER_ID_PREFIX}[\\w-]{1,64}$`)

/**
 * Why the server finds pay later not offered for an amount, a cart or a product: outside the
 * limits, a currency the account does not serve, (for a cart) a region where the merchant did
 * not enable the account's payment provider, goods the merchant excluded, or an account the
 * merchant turned off in Settings -> Pay later.
 */
export const INELIGIBLE_REASONS = ["below_minimum", "above_maximum", "unsupported_currency", "not_in_region", "excluded_items", "disabled"] as const

/** The kit's reasons: the server's, and `limits_unavailable` when the kit could not read the limits. */
export const KIT_INELIGIBLE_REASONS = [...INELIGIBLE_REASONS, "limits_unavailable"] as const
