import { timingSafeEqual } from "node:crypto"
import type { SandboxAccount } from "./accounts"
import { SandboxRequestError } from "./errors"
import { errorResult, jsonResult, type EndpointResult } from "./result"
import { GRANTED_SCOPES } from "./rules"
import type { SandboxStore } from "./state"

/**
 * The account an `Authorization` header authenticates: Basic, or a Bearer token still valid by the
 * sandbox clock and not revoked; the scheme is case-insensitive (RFC 7235). @throws SandboxRequestError 401.
 */
export function authenticate(store: SandboxStore, header: string | undefined): SandboxAccount {
  const match = /^(\S+) +(\S+)\s*$/.exec(header ?? "")
  const scheme = match?.[1].toLowerCase()
  const credentials = match?.[2] ?? ""
  let account: SandboxAccount | undefined
  let reason = "Missing or malformed Authorization header: use Basic or Bearer"
  if (scheme === "basic") {
    account = accountForBasicCredentials(store, credentials)
    reason = "Invalid merchant id or secret key"
  } else if (scheme === "bearer") {
    const issued = store.accessTokens.get(credentials)
    if (!issued) reason = "Unknown access token"
    else if (issued.revoked) reason = "The access token was revoked"
    else if (store.clock.nowMs() >= issued.expiresAtMs) reason = "The access token has expired"
    else account = store.account(issued.merchantId)
  }
  if (!account) throw new SandboxRequestError(401, "unauthorized", reason)
  return account
}

function accountForBasicCredentials(store: SandboxStore, encoded: string): SandboxAccount | undefined {
  const decoded = Buffer.from(encoded, "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  if (colon < 0) return undefined
  const merchantId = decoded.slice(0, colon)
  const secretKey = decoded.slice(colon + 1)
  const account = store.account(merchantId)
  return account && sameSecret(account.secretKey, secretKey) ? account : undefined
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * docs/service-api.md "Get access token"; credentials may also come as a Basic header (RFC 6749 2.3.1).
 * Error bodies carry the service's fields plus RFC 6749's `error`.
 */
export function issueAccessToken(
  store: SandboxStore,
  contentType: string | undefined,
  rawBody: string,
  authorization?: string,
): EndpointResult {
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType ?? "")) {
    return errorResult(415, "unsupported_media_type", "The token request must be application/x-www-form-urlencoded")
  }
  const form = new URLSearchParams(rawBody)
  const oauthError = (status: number, error: string, message: string) => {
    const result = errorResult(status, status === 401 ? "unauthorized" : error, message)
    return { ...result, body: { ...(result.body as object), error, error_description: message } }
  }
  if (form.get("grant_type") !== "client_credentials") {
    return oauthError(400, "unsupported_grant_type", "grant_type must be client_credentials")
  }
  const requestedScopes = (form.get("scope") ?? "").split(" ").filter(Boolean)
  if (!requestedScopes.includes("merchant_api_v2")) {
    return oauthError(400, "invalid_scope", "scope must be merchant_api_v2 (the sandbox serves only /v2)")
  }
  let clientId = form.get("client_id") ?? ""
  let clientSecret = form.get("client_secret") ?? ""
  const basic = /^basic +(\S+)$/i.exec(authorization ?? "")
  if (!clientId && basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8")
    const colon = decoded.indexOf(":")
    clientId = decodeFormComponent(decoded.slice(0, Math.max(colon, 0)))
    clientSecret = decodeFormComponent(decoded.slice(colon + 1))
  }
  const account = store.account(clientId)
  if (!account || !sameSecret(account.secretKey, clientSecret)) {
    return oauthError(401, "invalid_client", "Invalid client_id or client_secret")
  }
  const accessToken = store.newAccessToken()
  const lifetimeSeconds = store.settings.tokenLifetimeSeconds
  store.accessTokens.set(accessToken, {
    merchantId: account.merchantId,
    expiresAtMs: store.clock.nowMs() + lifetimeSeconds * 1000,
    revoked: false,
  })
  store.ledger.tokenRequests += 1
  store.ledger.tokenRequestsByMerchant[account.merchantId] = (store.ledger.tokenRequestsByMerchant[account.merchantId] ?? 0) + 1
  return jsonResult(
    200,
    {
      access_token: accessToken,
      scope: GRANTED_SCOPES.join(" "),
      token_type: "Bearer",
      expires_in: lifetimeSeconds,
    },
    { "Cache-Control": "no-store" },
  )
}

/** RFC 6749 2.3.1 form-encodes Basic client credentials; a malformed escape is kept as sent. */
function decodeFormComponent(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "))
  } catch {
    return value
  }
}

/** Makes every issued access token unusable. */
export function revokeAllAccessTokens(store: SandboxStore): number {
  let revoked = 0
  for (const issued of store.accessTokens.values()) {
    if (!issued.revoked) revoked += 1
    issued.revoked = true
  }
  return revoked
}
