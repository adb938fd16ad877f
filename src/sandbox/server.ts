import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import express, { type ErrorRequestHandler, type Express } from "express"
import { DEFAULT_SANDBOX_ACCOUNTS, type SandboxAccount } from "./accounts"
import { consumerScreenRoutes } from "./consumer-screens"
import { controlRoutes, createControl, type SandboxControl } from "./control"
import { ownerOnly } from "./control-guard"
import { errorBody } from "./errors"
import { expressScreenRoutes } from "./express/routes"
import { AUTH_PATH_PREFIX, serviceRoutes } from "./routes"
import {
  DEFAULT_CHECKOUT_LIFETIME_MINUTES,
  DEFAULT_CONFIGURATION_MAX_AGE_SECONDS,
  DEFAULT_REVERSAL_DELAY_SECONDS,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
} from "./rules"
import { paymentScheduleRule, type PaymentScheduleRule } from "./payment-schedule"
import { restoreSandboxState, saveSandboxState } from "./saved-state"
import { SandboxStore } from "./state"

/** How to start a sandbox. Every field is optional. */
export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number
  /** Interface to listen on; default 127.0.0.1 (loopback only). */
  host?: string
  /** Merchant accounts; default `DEFAULT_SANDBOX_ACCOUNTS` (one UK/GBP, one EU/EUR). */
  accounts?: SandboxAccount[]
  /** `expires_in` of issued access tokens; default 3600. */
  tokenLifetimeSeconds?: number
  /** How long a checkout lives; default 60 (docs/service-api.md "Limits"). */
  checkoutLifetimeMinutes?: number
  /** `Cache-Control: max-age` of Get Configuration; default 86400. */
  configurationMaxAgeSeconds?: number
  /** The URL consumers and next-page links use, when the sandbox sits behind a proxy; default `url`. */
  publicUrl?: string
  /**
   * Refuse (422 `invalid_object`) what the real service merely tolerates: request fields the
   * sandbox does not know (the service ignores them) and amounts without exactly 2 decimals
   * (the service rounds `"110.0"`); default false, answering as the real service does. On in
   * the plugin's own tests, to prove it sends only what the documents name, as they name it.
   */
  strictRequests?: boolean
  /**
   * Where docs/service-api.md and the real service's recorded answers differ, answer as
   * recorded; default false (the document). Today one answer: a Refund of an unknown order,
   * 404 `not_found` instead of 412 `precondition_failed` (docs/sandbox.md "Where each
   * behaviour comes from").
   */
  preferRecordings?: boolean
  /** How long after Reverse Payment By Token the reversal is applied (sandbox clock); default 2. */
  reversalDelaySeconds?: number
  /**
   * A state an earlier sandbox saved (`Sandbox.saveState()`): its checkouts and orders are
   * answered again and order ids continue after its last one. Default: start empty.
   */
  savedState?: string
  /**
   * The instalment plan the consumer screen shows (the document names none): `instalments`
   * (1 to 24) and `intervalDays` (1 to 366); default 4 instalments, fortnightly, the first today.
   */
  paymentSchedule?: Partial<PaymentScheduleRule>
  /**
   * Called after each request the sandbox answered (it may have changed the state), so the
   * caller can keep `saveState()` beside its store's database. Errors it throws are ignored.
   */
  onRequestDone?: () => void
}

/** A running sandbox of the Merchant API v2 (docs/service-api.md, with docs/service-api.md). */
export interface Sandbox {
  /** The API's `{base_url}`, e.g. `http://127.0.0.1:4010`. */
  url: string
  /** The token service's `{auth_url}`, `${url}/oauth`; the token endpoint is `${authUrl}/v2/oauth2/token`. */
  authUrl: string
  /** The merchant accounts, with their current limits. */
  accounts: SandboxAccount[]
  /** Whether unknown request fields and amounts without 2 decimals are refused (see `SandboxOptions.strictRequests`). */
  strictRequests: boolean
  /** Whether answers follow the recordings where they and the document differ (see `SandboxOptions.preferRecordings`). */
  preferRecordings: boolean
  control: SandboxControl
  /** The state that outlives a restart, as JSON text for `SandboxOptions.savedState` (see `SandboxSavedState`). */
  saveState(): string
  /** Stops listening and drops open connections. */
  close(): Promise<void>
}

/**
 * The express app of a sandbox: the service's endpoints, the consumer screens (the standard
 * checkout page, and the express checkout's library and popup) and the control API.
 */
export function createSandboxApp(store: SandboxStore, control: SandboxControl, onRequestDone?: () => void): Express {
  const app = express()
  app.disable("x-powered-by")
  if (onRequestDone) {
    app.use((_req, res, next) => {
      res.once("finish", () => {
        try {
          onRequestDone()
        } catch {
          // A listener's failure is the listener's: the sandbox answered already.
        }
      })
      next()
    })
  }
  app.set("etag", false)
  // List Payments must see the raw query string to enforce the document's encoding rules.
  app.set("query parser", false)
  app.use(express.raw({ type: () => true, limit: "1mb" }))

  // The service's endpoints, each mounted from its row of the endpoint table.
  app.use(serviceRoutes(store))
  app.use(consumerScreenRoutes(store))
  app.use(expressScreenRoutes(store, control))
  app.use("/__control", ownerOnly(() => store.settings.publicUrl), controlRoutes(control))

  app.use((req, res) => {
    res.status(404).json(errorBody(404, "not_found", `No route ${req.method} ${req.path}`))
  })
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode) || 500
    res.status(status).json(errorBody(status, status === 413 ? "payload_too_large" : "error", String(error?.message ?? error)))
  }
  app.use(onError)
  return app
}

function hostForUrl(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1"
  if (host === "::") return "[::1]"
  return host.includes(":") ? `[${host}]` : host
}

/**
 * Starts a sandbox of the service on loopback (see `SandboxOptions`) and resolves once it
 * listens. Each sandbox has its own state, clock and accounts.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? "127.0.0.1"
  const store = new SandboxStore(
    {
      tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
      checkoutLifetimeMinutes: options.checkoutLifetimeMinutes ?? DEFAULT_CHECKOUT_LIFETIME_MINUTES,
      configurationMaxAgeSeconds: options.configurationMaxAgeSeconds ?? DEFAULT_CONFIGURATION_MAX_AGE_SECONDS,
      publicUrl: "",
      strictRequests: options.strictRequests ?? false,
      preferRecordings: options.preferRecordings ?? false,
      reversalDelaySeconds: options.reversalDelaySeconds ?? DEFAULT_REVERSAL_DELAY_SECONDS,
      paymentSchedule: paymentScheduleRule(options.paymentSchedule),
    },
    options.accounts ?? DEFAULT_SANDBOX_ACCOUNTS
  )
  if (options.savedState) restoreSandboxState(store, options.savedState)
  const control = createControl(store)
  const server = createServer(createSandboxApp(store, control, options.onRequestDone))
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${hostForUrl(host)}:${port}`
  store.settings.publicUrl = (options.publicUrl ?? url).replace(/\/+$/, "")

  let closing: Promise<void> | undefined
  return {
    url,
    authUrl: `${url}${AUTH_PATH_PREFIX}`,
    get accounts() {
      return store.accounts.map((account) => ({ ...account }))
    },
    strictRequests: store.settings.strictRequests,
    preferRecordings: store.settings.preferRecordings,
    control,
    saveState: () => saveSandboxState(store),
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        store.cancelTimers()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
      return closing
    },
  }
}
