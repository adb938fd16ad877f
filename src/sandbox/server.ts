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

/** How to start a sandbox; every field optional. docs/sandbox.md "From code". */
export interface SandboxOptions {
  /** Default 0: a free port. */
  port?: number
  /** Default 127.0.0.1 (loopback only). */
  host?: string
  accounts?: SandboxAccount[]
  tokenLifetimeSeconds?: number
  checkoutLifetimeMinutes?: number
  configurationMaxAgeSeconds?: number
  /** The URL consumers and next-page links use behind a proxy; default `url`. */
  publicUrl?: string
  /** Refuse unknown fields and amounts without 2 decimals, which the service tolerates; on in the plugin's tests. */
  strictRequests?: boolean
  /** Where the document and the recorded answers differ, answer as recorded. docs/sandbox.md "Where each behaviour comes from". */
  preferRecordings?: boolean
  /** Sandbox-clock seconds before a Reverse Payment By Token applies; default 2. */
  reversalDelaySeconds?: number
  /** A state `Sandbox.saveState()` gave: its checkouts and orders answer again. */
  savedState?: string
  /** The consumer screen's instalment plan (the document names none); default 4, fortnightly. */
  paymentSchedule?: Partial<PaymentScheduleRule>
  /** Called after each answered request, so the caller can save state beside its database. Throws are ignored. */
  onRequestDone?: () => void
}

/** A running sandbox of the Merchant API v2. */
export interface Sandbox {
  url: string
  /** `${url}/oauth`; the token endpoint is `${authUrl}/v2/oauth2/token`. */
  authUrl: string
  accounts: SandboxAccount[]
  strictRequests: boolean
  preferRecordings: boolean
  control: SandboxControl
  /** JSON text for `SandboxOptions.savedState`. */
  saveState(): string
  close(): Promise<void>
}

/** The express app: the service's endpoints, the consumer screens and the control API. */
export function createSandboxApp(store: SandboxStore, control: SandboxControl, onRequestDone?: () => void): Express {
  const app = express()
  app.disable("x-powered-by")
  if (onRequestDone) {
    app.use((_req, res, next) => {
      res.once("finish", () => {
        try {
          onRequestDone()
        } catch {
          // The listener's failure is its own: the sandbox answered already.
        }
      })
      next()
    })
  }
  app.set("etag", false)
  // List Payments must see the raw query string to enforce the document's encoding rules.
  app.set("query parser", false)
  app.use(express.raw({ type: () => true, limit: "1mb" }))

  app.use(serviceRoutes(store))
  app.use(consumerScreenRoutes(store))
  app.use(expressScreenRoutes(store, control))
  app.use(
    "/__control",
    ownerOnly(() => store.settings.publicUrl),
    controlRoutes(control),
  )

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

/** Starts a sandbox, resolving once it listens. Each has its own state, clock and accounts. */
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
    options.accounts ?? DEFAULT_SANDBOX_ACCOUNTS,
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
