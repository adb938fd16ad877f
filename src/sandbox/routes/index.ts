import type { RequestHandler } from "express"
import { ENDPOINT_NAMES, ENDPOINTS, pathParams, type EndpointName, type EndpointSpec } from "../../client/endpoints"
import { endpoint, type SandboxHandlers } from "../endpoint"
import type { SandboxStore } from "../state"
import { captureAndVoidHandlers } from "./capture-and-void"
import { checkoutHandlers } from "./checkouts"
import { configurationHandlers } from "./configuration"
import { courierHandlers } from "./courier"
import { immediateCaptureHandlers } from "./immediate-capture"
import { paymentAuthHandlers } from "./payment-auth"
import { paymentReadHandlers } from "./payment-reads"
import { publicHandlers } from "./public"
import { refundHandlers } from "./refunds"
import { reversalHandlers } from "./reversal"
import { updatePaymentHandlers } from "./update-payment"

/** The sandbox's handler of every row of the endpoint table. */
export const SANDBOX_HANDLERS: SandboxHandlers = {
  ...publicHandlers,
  ...checkoutHandlers,
  ...paymentAuthHandlers,
  ...paymentReadHandlers,
  ...captureAndVoidHandlers,
  ...refundHandlers,
  ...courierHandlers,
  ...configurationHandlers,
  ...immediateCaptureHandlers,
  ...reversalHandlers,
  ...updatePaymentHandlers,
}

/** The token service's prefix: `authUrl` is `${url}${AUTH_PATH_PREFIX}`. */
export const AUTH_PATH_PREFIX = "/oauth"

interface MountedEndpoint {
  method: string
  pattern: RegExp
  params: string[]
  /** Literal characters of the path: the more, the more specific (`token:{token}` before `{orderId}`). */
  literal: number
  handle: ReturnType<typeof endpoint>
}

/**
 * Every endpoint of the table at its method and path, matching as Express does (case and trailing
 * slash ignored); the most specific path wins, so `token:{token}` is not read as an order id.
 */
export function serviceRoutes(store: SandboxStore): RequestHandler {
  const mounted = ENDPOINT_NAMES.map((name) => mount(store, name)).sort((a, b) => b.literal - a.literal)
  return (req, res, next) => {
    const method = req.method === "HEAD" ? "GET" : req.method
    for (const route of mounted) {
      const match = route.method === method ? route.pattern.exec(req.path) : null
      if (!match) continue
      let params: Record<string, string>
      try {
        params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(match[i + 1])]))
      } catch {
        next(Object.assign(new Error(`Failed to decode param in ${req.path}`), { status: 400 }))
        return
      }
      route.handle(req, res, params)
      return
    }
    next()
  }
}

function mount(store: SandboxStore, name: EndpointName): MountedEndpoint {
  const spec: EndpointSpec = ENDPOINTS[name]
  const path = `${spec.base === "auth" ? AUTH_PATH_PREFIX : ""}${spec.path}`
  const literals = path.split(/\{\w+\}/)
  const source = literals.map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")).join("([^/]+?)")
  return {
    method: spec.method,
    pattern: new RegExp(`^${source}\\/?$`, "i"),
    params: pathParams(path),
    literal: literals.join("").length,
    handle: endpoint(store, name, SANDBOX_HANDLERS[name] as never),
  }
}
