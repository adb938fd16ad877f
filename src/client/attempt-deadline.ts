import http from "node:http"
import https from "node:https"
import type { Socket } from "node:net"
import type { ConnectionState } from "./error-mapping"

/**
 * The open and read time-outs of one try. Open covers the wait for the pool, so a saturated pool
 * fails as "could not be reached", never hangs. Read bounds the whole answer, not the gap between
 * bytes, and maps to a time-out, not a network error. Hooks axios's `transport`: Node has no
 * connect time-out, and `request.reusedSocket` is only visible there.
 */
export class AttemptDeadline {
  readonly state: ConnectionState
  private request?: http.ClientRequest
  private timer?: NodeJS.Timeout
  private readonly startedAt = performance.now()
  private connectedAt?: number
  private firstByteAt?: number
  private socket?: Socket
  private bytesBefore = 0
  private dropIdle: () => Promise<void> = async () => {}

  constructor(private readonly timeouts: { openMs: number; readMs: number }) {
    this.state = {
      socketAssigned: false,
      connected: false,
      reusedSocket: false,
      openTimedOut: false,
      readTimedOut: false,
      answerBytes: () => (this.socket ? Math.max(0, this.socket.bytesRead - this.bytesBefore) : 0),
    }
    // One timer per try, re-armed, rather than one per phase: creating and tearing down Node's timer
    // lists per call is a measurable part of the client's cost.
    this.arm(Math.min(timeouts.openMs, timeouts.readMs))
  }

  readonly transport = {
    request: (options: http.RequestOptions, callback: (res: http.IncomingMessage) => void) => {
      const module = options.protocol === "https:" ? https : http
      const request = module.request(options, (response: http.IncomingMessage) => {
        this.firstByteAt ??= performance.now()
        callback(response)
      })
      this.request = request
      if (this.state.openTimedOut) process.nextTick(() => this.abort())
      const agent = options.agent
      if (agent instanceof http.Agent) {
        this.dropIdle = async () => {
          // LIFO pool: every other free connection has been idle longer than the closed one, so
          // close them all, by every name. The agent forgets a socket at its 'close', so the resend waits.
          const idle = Object.values(agent.freeSockets as NodeJS.Dict<Socket[]>).flatMap((sockets) => sockets ?? [])
          await Promise.all(
            idle.map(
              (socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once("close", () => resolve()).destroy())),
            ),
          )
        }
      }
      request.once("socket", (socket: Socket) => {
        this.state.socketAssigned = true
        this.socket = socket
        this.bytesBefore = socket.bytesRead
        this.state.reusedSocket = request.reusedSocket
        if (socket.connecting) socket.once("connect", () => this.connected())
        // A kept-alive socket is open already; anything else never connected.
        else if (socket.readyState === "open") this.connected()
      })
      return request
    },
  }

  /** Closes the client's other idle connections, after a try met one the service had closed. */
  dropIdleConnections(): Promise<void> {
    return this.dropIdle()
  }

  /** Ms from the try's start to the answer's first byte; undefined when none came. */
  firstByteMs(): number | undefined {
    return this.firstByteAt === undefined ? undefined : this.firstByteAt - this.startedAt
  }

  clear(): void {
    clearTimeout(this.timer)
  }

  private connected(): void {
    if (this.state.openTimedOut || this.state.connected) return
    this.state.connected = true
    this.connectedAt = performance.now()
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.expire(), Math.max(0, ms))
  }

  private expire(): void {
    const now = performance.now()
    if (this.connectedAt === undefined) {
      const left = this.startedAt + this.timeouts.openMs - now
      if (left > 0) {
        this.arm(left)
        return
      }
      this.state.openTimedOut = true
    } else {
      const left = this.connectedAt + this.timeouts.readMs - now
      if (left > 0) {
        this.arm(left)
        return
      }
      this.state.readTimedOut = true
    }
    this.abort()
  }

  private abort(): void {
    this.request?.destroy(Object.assign(new Error("deadline"), { code: "BNPL_DEADLINE" }))
  }
}
