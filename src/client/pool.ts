import http from "node:http"
import https from "node:https"
import type { Socket } from "node:net"

// Node only ever shortens an idle socket's `timeout` to the server's `Keep-Alive: timeout=` hint,
// forcing a choice between closing sockets a quiet shop would reuse and reusing sockets a server
// without a hint forgot. Here the hint decides in both directions, less 1 s; without one the
// agent's `timeout` applies. docs/operations.md "Connection model".

/** Kept from a hint: the hint less this margin, so we close first. */
export const KEEP_ALIVE_HINT_MARGIN_MS = 1_000
/** A hint of hours is not taken at its word. */
export const MAX_HINTED_KEEP_ALIVE_MS = 10 * 60_000

/** Ms to keep an idle connection after an answer with this `Keep-Alive` header; 0: close now (no safe margin). */
export function idleTimeoutAfterAnswer(keepAliveHeader: string | string[] | undefined, fallbackMs: number): number {
  // Every answer of the service carries the same hint: read once.
  if (typeof keepAliveHeader === "string" && keepAliveHeader === lastHint.header && fallbackMs === lastHint.fallbackMs)
    return lastHint.idleMs
  const idleMs = readIdleTimeout(keepAliveHeader, fallbackMs)
  if (typeof keepAliveHeader === "string") lastHint = { header: keepAliveHeader, fallbackMs, idleMs }
  return idleMs
}

let lastHint = { header: "", fallbackMs: -1, idleMs: 0 }

function readIdleTimeout(keepAliveHeader: string | string[] | undefined, fallbackMs: number): number {
  const header = Array.isArray(keepAliveHeader) ? keepAliveHeader.join(",") : keepAliveHeader
  const seconds = header ? /(?:^|[\s,])timeout=(\d+)/i.exec(header)?.[1] : undefined
  if (seconds === undefined) return fallbackMs
  const hinted = Number(seconds) * 1000 - KEEP_ALIVE_HINT_MARGIN_MS
  return hinted <= 0 ? 0 : Math.min(hinted, MAX_HINTED_KEEP_ALIVE_MS)
}

interface SocketWithAnswer extends Socket {
  _httpMessage?: { res?: http.IncomingMessage } | null
}

/** Node's `Agent#keepSocketAlive`, with the idle time-out from `idleTimeoutAfterAnswer`. */
function keepSocketAlive(agent: http.Agent & { options: http.AgentOptions }, socket: SocketWithAnswer): boolean {
  socket.setKeepAlive(true, agent.options.keepAliveMsecs ?? 1000)
  socket.unref()
  const idleMs = idleTimeoutAfterAnswer(socket._httpMessage?.res?.headers["keep-alive"], agent.options.timeout ?? 0)
  if (idleMs === 0) return false
  if (socket.timeout !== idleMs) socket.setTimeout(idleMs)
  return true
}

/** A plain-HTTP keep-alive agent whose idle time-out follows the service's hint. */
export class HintedHttpAgent extends http.Agent {
  keepSocketAlive(socket: Socket): boolean {
    return keepSocketAlive(this as unknown as http.Agent & { options: http.AgentOptions }, socket)
  }
}

/** A TLS keep-alive agent whose idle time-out follows the service's hint. */
export class HintedHttpsAgent extends https.Agent {
  keepSocketAlive(socket: Socket): boolean {
    return keepSocketAlive(this as unknown as http.Agent & { options: http.AgentOptions }, socket)
  }
}

/** Whether `agent` holds an idle, open connection to `url`'s host, keyed as Node's `Agent#getName` files it. */
export function hasIdleConnection(agent: http.Agent, url: string): boolean {
  const { hostname, port } = new URL(url)
  const prefix = `${hostname.replace(/^\[|\]$/g, "")}:${port}:`
  return Object.entries(agent.freeSockets as NodeJS.Dict<Socket[]>).some(
    ([name, sockets]) => name.startsWith(prefix) && (sockets ?? []).some((socket) => !socket.destroyed),
  )
}
