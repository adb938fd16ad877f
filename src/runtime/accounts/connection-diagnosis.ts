import { BnplApiError } from "../../client/errors"

// Words for a failed test step: a 401 is the credentials or the scheme (docs/service-api.md "Authentication"), no
// connection or a time-out the host or network, a 404 a wrong base address, limits in another currency another
// region's credentials. Never quotes a credential: only option names and hosts.

/** The steps of the test, in order. `token` runs for `authScheme: "oauth"` only. */
export type ConnectionStep = "ping" | "token" | "configuration" | "currency"

/** Why a step failed, as a code the settings page and the tests can switch on. */
export type ConnectionCause =
  | "credentials"
  | "wrong_address"
  | "unreachable"
  | "timeout"
  | "currency_mismatch"
  | "service_error"
  | "unexpected_answer"

/** The first failure of a test: the step, its cause, and what to change. */
export interface ConnectionFailure {
  step: ConnectionStep
  cause: ConnectionCause
  likelyCause: string
  /** What to change, naming the options (medusa-config) to look at. */
  fix: string
  httpStatusCode?: number
  /** The service's `errorId`, to quote to its support team. */
  errorId?: string
}

/** The account facts the words need: which address each step went to, and the region. */
export interface DiagnosedAccount {
  region: "UK" | "EU"
  baseUrl: string
  authUrl?: string
}

/** Labels of the steps as the settings page and the log name them. */
export const STEP_LABELS: Record<ConnectionStep, string> = {
  ping: "Ping",
  token: "Access token (OAuth)",
  configuration: "Get Configuration",
  currency: "Currency of the limits",
}

const REGION_CURRENCY = { UK: "GBP", EU: "EUR" } as const
const OTHER_REGION = { UK: "EU", EU: "UK" } as const

/** A failed call's cause and fix; an error that is not the client's is `unexpected_answer` with its message's first line. */
export function diagnoseCallFailure(
  step: Exclude<ConnectionStep, "currency">,
  error: unknown,
  account: DiagnosedAccount,
): ConnectionFailure {
  const tokenStep = step === "token"
  const option = tokenStep ? "authUrl" : "baseUrl"
  const address = (tokenStep ? account.authUrl : account.baseUrl) ?? "(not set)"
  const api = asApiError(error)
  const base = { step, httpStatusCode: api?.httpStatusCode, errorId: api?.errorId }
  if (api?.httpStatusCode === 401 || api?.code === "unauthorized") {
    return {
      ...base,
      cause: "credentials",
      likelyCause: tokenStep
        ? "The token service refused the merchant id or secret key (401)."
        : "The service refused the credentials (401): a wrong merchant id or secret key, or an account that expects the other authentication scheme.",
      fix: `Check merchantId and secretKey of this ${account.region} account as the service issued them, and authScheme (basic or oauth) for this account.`,
    }
  }
  if (api?.httpStatusCode === 404) {
    return {
      ...base,
      cause: "wrong_address",
      likelyCause: `${address} answered 404 for the ${tokenStep ? "token" : "API"} path: it is not the ${tokenStep ? "token service's" : "API's"} base address.`,
      fix: `Set ${option} to the ${tokenStep ? "token service's" : "API's"} base address without the /v2 path (the plugin adds /v2/...).`,
    }
  }
  if (api?.code === "network") {
    const code = systemCode(api)
    return {
      ...base,
      cause: "unreachable",
      likelyCause: `${address} could not be reached${code ? ` (${describeSystemCode(code)})` : ""}.`,
      fix: `Check ${option} (host and port) and that this server can reach it (DNS, firewall, proxy).`,
    }
  }
  if (api?.code === "timeout" || api?.code === "connection_lost") {
    return {
      ...base,
      cause: "timeout",
      likelyCause: `${address} did not answer in time (${api.code === "timeout" ? "read time-out" : "the connection broke"}).`,
      fix: `Check ${option} and the network between this server and the service; try again in a minute.`,
    }
  }
  if (api?.code === "server_error" || api?.code === "conflict") {
    return {
      ...base,
      cause: "service_error",
      likelyCause: `The service answered with an error of its own (HTTP ${api.httpStatusCode ?? "5xx"}).`,
      fix: "Try again later; if it lasts, quote the service error id to the service's support.",
    }
  }
  return unexpectedAnswer(base, error, { address, option, tokenStep, region: account.region })
}

/** Anything else: an answer that is not the service's, or a failure before any answer. */
function unexpectedAnswer(
  base: Pick<ConnectionFailure, "step" | "httpStatusCode" | "errorId">,
  error: unknown,
  at: { address: string; option: string; tokenStep: boolean; region: string },
): ConnectionFailure {
  const api = asApiError(error)
  return {
    ...base,
    cause: "unexpected_answer",
    likelyCause: api
      ? `${at.address} did not answer as the service does (${api.message}).`
      : `The test could not complete: ${firstLine(error)}.`,
    fix: `Check that ${at.option} is the service's ${at.tokenStep ? "token service" : "API"} address for this ${at.region} account.`,
  }
}

/** Limits in another currency than the region's: another region's credentials, or a wrong region. Undefined when they match. */
export function diagnoseCurrency(currency: string, account: DiagnosedAccount): ConnectionFailure | undefined {
  const expected = REGION_CURRENCY[account.region]
  if (currency.toUpperCase() === expected) return undefined
  const other = OTHER_REGION[account.region]
  const theirs = REGION_CURRENCY[other] === currency.toUpperCase()
  return {
    step: "currency",
    cause: "currency_mismatch",
    likelyCause: theirs
      ? `The limits are in ${currency}, so these are the credentials of an ${other} account (${currency}) used for the ${account.region} region (${expected}).`
      : `The limits are in ${currency}; a ${account.region} account sells in ${expected}.`,
    fix: theirs
      ? `Give this provider the ${account.region} account's merchantId and secretKey, or set region to ${other} if the account is the ${other} one.`
      : `Check merchantId, secretKey and region: a ${account.region} account's limits are in ${expected}.`,
  }
}

function asApiError(error: unknown): BnplApiError | undefined {
  return error instanceof BnplApiError ? error : undefined
}

function systemCode(error: BnplApiError): string | undefined {
  const code = (error.cause as { code?: unknown } | undefined)?.code
  return typeof code === "string" ? code : undefined
}

const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: "nothing listens on that port: connection refused",
  ENOTFOUND: "the host name does not resolve: DNS",
  EAI_AGAIN: "the host name could not be resolved now: DNS",
  EHOSTUNREACH: "no route to the host",
  ENETUNREACH: "no route to the network",
  BNPL_OPEN_TIMEOUT: "no connection within the open time-out",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate could not be verified",
}

function describeSystemCode(code: string): string {
  return SYSTEM_CODES[code] ? `${SYSTEM_CODES[code]}, ${code}` : code
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error)
    .split("\n")[0]
    .slice(0, 200)
}
