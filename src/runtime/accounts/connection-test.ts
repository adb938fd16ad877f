import { BnplClient, ENDPOINTS } from "../../client/index"
import type { Money } from "../../client/money"
import { TRANSPORT_OPTION_NAMES } from "../../client/option-rules"
import type { BnplOptions } from "../../options"
import { accountCurrency } from "../../payments/eligibility"
import { diagnoseCallFailure, diagnoseCurrency, STEP_LABELS, type ConnectionFailure, type ConnectionStep } from "./connection-diagnosis"
import type { LoggerLike } from "../infrastructure/shared-types"

export type { ConnectionCause, ConnectionFailure, ConnectionStep } from "./connection-diagnosis"

// "Test connection": Ping, the access token (OAuth only), Get Configuration, and the limits' currency against the region
// (docs/service-api.md "What the service does", rule 2); stops at the first failure. The answer holds no id, secret or token.

/** The calls a test makes; `token` only for OAuth accounts. Each throws the client's BnplApiError. */
export interface ConnectionProbe {
  ping(): Promise<void>
  token(): Promise<void>
  configuration(): Promise<{ minimumAmount: Money; maximumAmount: Money }>
}

/** One step's outcome. `durationMs` for the steps that ran. */
export interface ConnectionStepResult {
  step: ConnectionStep
  label: string
  outcome: "passed" | "failed" | "skipped"
  /** What was seen ("pong", the limits, the error), or why it was skipped. */
  detail: string
  durationMs?: number
}

/** The answer of `POST /admin/bnpl/accounts/:account_id/test-connection`. */
export interface ConnectionTestResult {
  ok: boolean
  providerId: string
  region: BnplOptions["region"]
  currency: "GBP" | "EUR"
  authScheme: BnplOptions["authScheme"]
  baseUrl: string
  authUrl: string | null
  steps: ConnectionStepResult[]
  failure?: ConnectionFailure & { label: string }
  testedAt: string
}

/** The account as the test reads it. */
export type TestedAccount = {
  providerId: string
  options: Pick<BnplOptions, "region" | "authScheme" | "baseUrl" | "authUrl">
}

const STEPS: ConnectionStep[] = ["ping", "token", "configuration", "currency"]

/** Runs the steps through `probe`; never throws for the service: every failure is in the result. */
export async function testConnection(
  account: TestedAccount,
  probe: ConnectionProbe,
  now: () => number = Date.now,
): Promise<ConnectionTestResult> {
  const { options } = account
  const diagnosed = { region: options.region, baseUrl: options.baseUrl, authUrl: options.authUrl }
  const steps: ConnectionStepResult[] = []
  let failure: ConnectionFailure | undefined
  let limits: { minimumAmount: Money; maximumAmount: Money } | undefined
  for (const step of STEPS) {
    const label = STEP_LABELS[step]
    if (failure) {
      steps.push({ step, label, outcome: "skipped", detail: `Not run: ${STEP_LABELS[failure.step]} failed.` })
      continue
    }
    if (step === "token" && options.authScheme !== "oauth") {
      steps.push({ step, label, outcome: "skipped", detail: "HTTP Basic: no token to get." })
      continue
    }
    if (step === "currency") {
      failure = diagnoseCurrency(limits!.minimumAmount.currency, diagnosed)
      const detail = `Limits in ${limits!.minimumAmount.currency}; the ${options.region} region sells in ${accountCurrency(options)}.`
      steps.push({ step, label, outcome: failure ? "failed" : "passed", detail })
      continue
    }
    const started = now()
    try {
      if (step === "ping") await probe.ping()
      if (step === "token") await probe.token()
      if (step === "configuration") limits = await probe.configuration()
      const detail =
        step === "configuration"
          ? `Limits ${limits!.minimumAmount.amount} to ${limits!.maximumAmount.amount} ${limits!.maximumAmount.currency}.`
          : step === "ping"
            ? "The service answered."
            : "The token service issued a token."
      steps.push({ step, label, outcome: "passed", detail, durationMs: now() - started })
    } catch (error) {
      failure = diagnoseCallFailure(step, error, diagnosed)
      steps.push({ step, label, outcome: "failed", detail: failure.likelyCause, durationMs: now() - started })
    }
  }
  return {
    ok: !failure,
    providerId: account.providerId,
    region: options.region,
    currency: accountCurrency(options),
    authScheme: options.authScheme,
    baseUrl: options.baseUrl,
    authUrl: options.authUrl ?? null,
    steps,
    ...(failure ? { failure: { ...failure, label: STEP_LABELS[failure.step] } } : {}),
    testedAt: new Date(now()).toISOString(),
  }
}

/** A client's probe: Ping (with the client's `maxRetries`), the access token, and the limits as `configuration` reads them. */
export function clientProbe(client: BnplClient, configuration: ConnectionProbe["configuration"]): ConnectionProbe {
  return {
    ping: async () => {
      await client.request({ endpoint: "Ping", path: ENDPOINTS.Ping.path })
    },
    token: async () => {
      await client.getAccessToken()
    },
    configuration,
  }
}

/** A probe on its own client, no retries or shared token, so a changed secret or host shows at once; `close()` it after. */
export function freshProbe(options: BnplOptions, logger?: LoggerLike): ConnectionProbe & { close(): void } {
  const transport = Object.fromEntries(TRANSPORT_OPTION_NAMES.map((name) => [name, options[name]]))
  const client = new BnplClient({ ...(transport as Pick<BnplOptions, "merchantId" | "secretKey" | "baseUrl">), maxRetries: 0, logger })
  return { ...clientProbe(client, async () => (await client.getConfiguration()).configuration), close: () => client.close() }
}

/** Tests one account on a fresh client (see `freshProbe`) and closes it. */
export async function testAccountConnection(
  account: TestedAccount & { options: BnplOptions },
  logger?: LoggerLike,
): Promise<ConnectionTestResult> {
  const probe = freshProbe(account.options, logger)
  try {
    return await testConnection(account, probe)
  } finally {
    probe.close()
  }
}

/** The start-up warning of a failed test (one line, naming the step); undefined when it passed. */
export function connectionWarning(result: ConnectionTestResult): string | undefined {
  const { failure } = result
  if (!failure) return undefined
  return (
    `medusa-payment-bnpl: ${result.providerId} (${result.region} account) connection test failed at ${failure.label}: ` +
    `${failure.likelyCause} ${failure.fix}`
  )
}
