import http from "node:http"
import https from "node:https"
import type { Socket } from "node:net"

/**
 * The client's connection pool (docs/operations.md, "Connection model"): Node's keep-alive
 * agents, with one change to how long an idle connection is kept.
 *
 * Node keeps an idle socket for the agent's `timeout` and only ever shortens it to the server's
 * `Keep-Alive: timeout=N` hint (less 1 s). That leaves the choice between a short `timeout`,
 * which closes a socket a quiet shop would have reused (the next shopper pays a TCP and a TLS
 * handshake before Create Checkout goes out), and a long one, which reuses sockets a server
 * without a hint has forgotten. Here the hint decides when there is one, in both directions:
 * the service says how long it keeps a connection, so we keep it 1 s less. Without a hint the
 * agent's `timeout` (`keepAliveTimeoutMs`) applies.
 */

/** Kept from a `Keep-Alive: timeout=` hint: the hint less this margin, so we close first. */
export const KEEP_ALIVE_HINT_MARGIN_MS = 1_000
/** The longest a hint can make us keep an idle connection (a hint of hours is not taken at its word). */
export const MAX_HINTED_KEEP_ALIVE_MS = 10 * 60_000

/**
 * How long to keep an idle connection after an answer carrying `keepAliveHeader`.
 * @param keepAliveHeader the answer's `Keep-Alive` header, e.g. `timeout=5` or `timeout=60, max=1000`.
 * @param fallbackMs used when the header is absent or has no `timeout`.
 * @returns ms to keep it; 0 means close it now (a hint of 1 s or less leaves no safe margin).
 */
export function idleTimeoutAfterAnswer(keepAliveHeader: string | string[] | undefined, fallbackMs: number): number {
  // Every answer of the service carries the same hint: read once, not on every call.
  if (typeof keepAliveHeader === "string" && keepAliveHeader === lastHint.header && fallbackMs === lastHint.fallbackMs) return lastHint.idleMs
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

/**
 * Whether `agent` holds an idle, open connection to `url`'s host and port, i.e. whether the
 * next call there goes out without a handshake. Node files free sockets under
 * `host:port:...` (`Agent#getName`; the port empty when it is the scheme's default).
 */
export function hasIdleConnection(agent: http.Agent, url: string): boolean {
  const { hostname, port } = new URL(url)
  const prefix = `${hostname.replace(/^\[|\]$/g, "")}:${port}:`
  return Object.entries(agent.freeSockets as NodeJS.Dict<Socket[]>).some(
    ([name, sockets]) => name.startsWith(prefix) && (sockets ?? []).some((socket) => !socket.destroyed)
  )
}
