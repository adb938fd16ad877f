import { basicAuthorization, OAuthTokenProvider, tokenStoreKey } from "./auth"
import { BnplOptionsError } from "./errors"
import type { Authorizer } from "./http-call"
import type { ResolvedClientOptions } from "./options"
import { createRedactor, type Redactor } from "./redact"
import type { AccessTokenResponse } from "./schemas"

/**
 * The account's Authorization header (Basic, or an OAuth Bearer renewed once after a 401), and the
 * redactor that keeps the secret in every encoding, the Basic value and every token out of logs.
 */
export class ClientCredentials {
  readonly redact: Redactor
  readonly authorizer: Authorizer
  private readonly basicHeader: string
  private tokenProvider?: OAuthTokenProvider

  constructor(
    private readonly options: ResolvedClientOptions,
    private readonly fetchToken: () => Promise<AccessTokenResponse>,
  ) {
    const { merchantId, secretKey } = options
    this.basicHeader = basicAuthorization(merchantId, secretKey)
    this.redact = createRedactor(() => [
      secretKey,
      encodeURIComponent(secretKey),
      new URLSearchParams({ s: secretKey }).toString().slice(2),
      this.basicHeader,
      this.basicHeader.slice("Basic ".length),
      ...(this.tokenProvider?.knownTokens() ?? []),
    ])
    this.authorizer =
      options.authScheme === "oauth"
        ? {
            header: async () => `Bearer ${await this.oauth().getToken()}`,
            refresh: async (refused) => {
              this.oauth().invalidate(refused.replace(/^Bearer /, ""))
              return true
            },
          }
        : // Basic is known at once: no promise and no wait for the next microtask on every call.
          { header: () => this.basicHeader }
  }

  /** The current OAuth bearer token. @throws BnplOptionsError without `authUrl`; the token call's BnplApiError. */
  accessToken(): Promise<string> {
    return this.oauth().getToken()
  }

  /** @throws BnplOptionsError when the options have no `authUrl`. */
  requireAuthUrl(): string {
    if (!this.options.authUrl) throw new BnplOptionsError("authUrl", "is required to get an access token")
    return this.options.authUrl
  }

  private oauth(): OAuthTokenProvider {
    if (!this.tokenProvider) {
      const authUrl = this.requireAuthUrl()
      this.tokenProvider = new OAuthTokenProvider({
        fetchToken: this.fetchToken,
        store: this.options.tokenStore,
        storeKey: tokenStoreKey(this.options.merchantId, authUrl),
        logger: this.options.logger,
      })
    }
    return this.tokenProvider
  }
}
