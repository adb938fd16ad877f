import http from "node:http"
import https from "node:https"
import type { Socket } from "node:net"
import type { ConnectionState } from "./error-mapping"

/**
 * The two time-outs of one try, and what the try knew about its connection:
 * - open: from the start of the try until a connection is ready to carry it (a free pooled
 *   connection, or a new TCP connection established). It covers the wait for the pool when
 *   every connection is busy, so a saturated pool fails as "could not be reached", never hangs.
 * - read: from then until the last byte of the answer. It bounds the whole answer, not the gap
 *   between two bytes: a service dripping its answer a byte at a time ends at the deadline
 *   with a time-out error (`state.readTimedOut`), not with the network error that an abort
 *   would map to by default.
 * Both destroy the request (axios then rejects, whether the answer had begun or not).
 * `transport` is axios's hook onto Node's http/https request: Node has no connect time-out,
 * and `request.reusedSocket` and the socket's byte count are only visible there.
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
    const deadline = this
    this.state = {
      socketAssigned: false,
      connected: false,
      reusedSocket: false,
      openTimedOut: false,
      readTimedOut: false,
      answerBytes: () => (deadline.socket ? Math.max(0, deadline.socket.bytesRead - deadline.bytesBefore) : 0),
    }
    // One timer per try, at the earlier of the two deadlines and re-armed from there, rather
    // than one per phase: with calls one at a time each Node timer list is created and torn
    // down per call, which was a measurable part of the client's cost on loopback.
    this.arm(Math.min(timeouts.openMs, timeouts.readMs))
  }

  readonly transport = {
    request: (options: http.RequestOptions, callback: (res: http.IncomingMessage) => void) => {
      const module = options.protocol === "https:" ? https : http
      const request = module.request(options, (response: http.IncomingMessage) => {
        // The answer's status line and headers have arrived: the try's time to first byte.
        this.firstByteAt ??= performance.now()
        callback(response)
      })
      this.request = request
      if (this.state.openTimedOut) process.nextTick(() => this.abort())
      const agent = options.agent
      if (agent instanceof http.Agent) {
        this.dropIdle = async () => {
          // LIFO pool: the connection just found closed was the most recently used free one, so
          // every other free connection has been idle longer: close them all. (By every name:
          // the agent's key for the host is built from options Node normalises itself.) The
          // agent forgets a socket at its 'close', so the resend waits for that.
          const idle = Object.values(agent.freeSockets as NodeJS.Dict<Socket[]>).flatMap((sockets) => sockets ?? [])
          await Promise.all(
            idle.map((socket) => new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once("close", () => resolve()).destroy())))
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

  /** Milliseconds from the start of the try to the first byte of the answer; undefined when none came. */
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

  /** The timer fired: ends the try if its current deadline has passed, else waits for it. */
  private expire(): void {
    const now = performance.now()
    if (this.connectedAt === undefined) {
      const left = this.startedAt + this.timeouts.openMs - now
      if (left > 0) return this.arm(left)
      this.state.openTimedOut = true
    } else {
      const left = this.connectedAt + this.timeouts.readMs - now
      if (left > 0) return this.arm(left)
      this.state.readTimedOut = true
    }
    this.abort()
  }

  /** Ends the try: axios sees the request (or its answer's stream) fail and rejects. */
  private abort(): void {
    this.request?.destroy(Object.assign(new Error("deadline"), { code: "BNPL_DEADLINE" }))
  }
}
