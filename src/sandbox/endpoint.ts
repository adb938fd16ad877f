import type { Request, Response } from "express"
import { ENDPOINTS, type EndpointName, type EndpointShortName, type EndpointSpec } from "../client/endpoints"
import type { SandboxAccount } from "./accounts"
import { authenticate } from "./auth"
import { errorBody, SandboxRequestError } from "./errors"
import { proxyErrorPage, TRUNCATED_JSON_BODY, type SandboxFault } from "./faults"
import { isoTimestamp } from "./clock"
import { rawBodyText, readJsonBody, validateBody } from "./request-body"
import { serviceRequestSchema, type SandboxRequest } from "./request-schemas"
import { errorResult, isRememberedResult, type EndpointResult } from "./result"
import type { SandboxStore } from "./state"

/** What every handler is given. */
export interface PublicContext {
  req: Request
  store: SandboxStore
  rawBody: string
  /** The row's path placeholders, decoded. */
  params: Record<string, string>
}

/** What a handler of an authenticated /v2 endpoint is given. */
export interface MerchantContext<N extends EndpointName = EndpointName> extends PublicContext {
  account: SandboxAccount
  /** Validated by the row's service schema; unknown fields are ignored into the ledger, or refused when strict. */
  request: SandboxRequest<N>
  /**
   * Runs `apply` once per (account, endpoint, `key`) within 24 hours and replays its answer to retries;
   * a retry during the first gets 409 `conflict`. docs/service-api.md "Idempotent requests".
   */
  idempotent(key: string | undefined, apply: () => EndpointResult): Promise<EndpointResult>
}

/** The sandbox's answer to one endpoint of the table. */
export type SandboxHandler<N extends EndpointName> = (
  context: (typeof ENDPOINTS)[N]["access"] extends "public" ? PublicContext : MerchantContext<N>,
) => EndpointResult | Promise<EndpointResult>

/** One handler per row of the endpoint table: a row without one does not compile. */
export type SandboxHandlers = { [N in EndpointName]: SandboxHandler<N> }

/**
 * Wraps a handler with, in order: the ledger's count, a fault aimed at it, authentication, the
 * required `User-Agent` (docs/service-api.md "Common request headers"), the JSON body and its schema.
 */
export function endpoint<N extends EndpointName>(
  store: SandboxStore,
  name: N,
  handler: SandboxHandler<N>,
): (req: Request, res: Response, params: Record<string, string>) => void {
  return (req, res, params) => {
    handleRequest(store, name, handler as SandboxHandler<EndpointName>, req, res, params).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.status(500).json(errorBody(500, "error", `Sandbox failure: ${(error as Error)?.message ?? error}`))
      }
    })
  }
}

async function handleRequest(
  store: SandboxStore,
  name: EndpointName,
  handler: SandboxHandler<EndpointName>,
  req: Request,
  res: Response,
  params: Record<string, string>,
): Promise<void> {
  const spec: EndpointSpec = ENDPOINTS[name]
  const shortName = spec.shortName as EndpointShortName
  store.ledger.countRequest(shortName)
  const fault = store.faults.take(shortName)
  if (fault && answerWithoutApplying(fault, spec, req, res)) return
  if (fault?.kind === "lost_response") dropResponse(req, res)

  let latencyServed = fault?.kind !== "latency"
  const serveLatency = async () => {
    if (latencyServed) return
    latencyServed = true
    await store.sleep(fault?.delayMs ?? 1000)
  }

  let result: EndpointResult
  try {
    const rawBody = rawBodyText(req)
    if (spec.access === "public") {
      result = await (handler as SandboxHandler<"Ping">)({ req, store, rawBody, params })
    } else {
      result = await runAuthenticated(store, name, handler, { req, rawBody, params }, serveLatency)
    }
  } catch (error) {
    if (!(error instanceof SandboxRequestError)) throw error
    result = errorResult(error.httpStatusCode, error.errorCode, error.message)
  }
  await serveLatency()
  if (res.destroyed) return
  send(res, result)
}

async function runAuthenticated(
  store: SandboxStore,
  name: EndpointName,
  handler: SandboxHandler<EndpointName>,
  call: { req: Request; rawBody: string; params: Record<string, string> },
  serveLatency: () => Promise<void>,
): Promise<EndpointResult> {
  const { req, rawBody, params } = call
  const spec: EndpointSpec = ENDPOINTS[name]
  const shortName = spec.shortName as EndpointShortName
  const account = authenticate(store, req.headers.authorization)
  if (!req.headers["user-agent"]) {
    throw new SandboxRequestError(400, "bad_request", "The User-Agent header is required")
  }
  const schema = serviceRequestSchema(name, store.settings.strictRequests)
  const body = !schema ? undefined : spec.bodyOptional && rawBody.trim() === "" ? {} : readJsonBody(req)
  const request = schema
    ? validateBody(schema, body, {
        strict: store.settings.strictRequests,
        ignored: (field) =>
          store.ledger.ignoredFields.push({
            merchantId: account.merchantId,
            endpoint: shortName,
            field,
            at: isoTimestamp(store.clock.nowMs()),
          }),
      })
    : undefined
  const idempotent = (key: string | undefined, apply: () => EndpointResult) =>
    runOnce(store, `${account.merchantId}\u0000${shortName}\u0000${key}`, key, serveLatency, apply)
  return (handler as SandboxHandler<"Auth">)({
    req,
    store,
    rawBody,
    params,
    account,
    request: request as SandboxRequest<"Auth">,
    idempotent,
  })
}

async function runOnce(
  store: SandboxStore,
  scope: string,
  key: string | undefined,
  serveLatency: () => Promise<void>,
  apply: () => EndpointResult,
): Promise<EndpointResult> {
  if (key === undefined) {
    await serveLatency()
    return apply()
  }
  const remembered = store.requestIds.lookup(scope)
  if (remembered?.state === "done") {
    return { ...remembered.result, headers: { ...remembered.result.headers, "Idempotent-Replayed": "true" } }
  }
  if (remembered?.state === "in_flight") {
    return errorResult(409, "conflict", "A request with this requestId is still being processed; retry later with the same requestId")
  }
  store.requestIds.begin(scope)
  try {
    // Served while the requestId is in flight, so a retry arriving meanwhile meets the 409 the real
    // service gives.
    await serveLatency()
    const result = apply()
    if (isRememberedResult(result)) store.requestIds.finish(scope, result)
    return result
  } finally {
    store.requestIds.abandon(scope)
  }
}

/** Faults that answer or hang up without applying the change; true when one did. */
function answerWithoutApplying(fault: SandboxFault, spec: EndpointSpec, req: Request, res: Response): boolean {
  switch (fault.kind) {
    case "status": {
      const status = fault.status ?? 500
      res.status(status).json(errorBody(status, status >= 500 ? "error" : "fault", `Injected fault: HTTP ${status}`))
      return true
    }
    case "conflict":
      res.status(409).json(errorBody(409, "conflict", "A request with this requestId is still being processed"))
      return true
    case "malformed":
      res.status(spec.successStatus).type("application/json").send(TRUNCATED_JSON_BODY)
      return true
    case "html": {
      const status = fault.status ?? 502
      res.status(status).type("html").send(proxyErrorPage(status))
      return true
    }
    case "reset":
      req.socket.destroy()
      return true
    default:
      return false
  }
}

/** `lost_response`: the change is applied, but the answer never leaves. */
function dropResponse(req: Request, res: Response): void {
  res.end = function endByHangingUp() {
    req.socket.destroy()
    return res
  } as Response["end"]
}

function send(res: Response, result: EndpointResult): void {
  res.status(result.status)
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value)
  if (result.text !== undefined) {
    res.type("text/plain").send(result.text)
  } else if (result.body === undefined) {
    res.end()
  } else {
    res.json(result.body)
  }
}
