import diagnostics from "node:diagnostics_channel"
import net from "node:net"

/**
 * A fault-injecting TCP proxy on loopback (Node `net`), between a client (the test store, a
 * bench client) and the sandbox. It passes bytes through unchanged, and on demand:
 * - refuses connections the way a service that is down does (`refuse`: nothing listens);
 * - adds latency (`latencyMs`, the round trip: half on the way in, half on the way out);
 * - closes client connections idle for `closeIdleAfterMs`, as load balancers and servers do,
 *   and resets a request that arrives on such a connection after its close (the race of
 *   Node's `request.reusedSocket`). `idleNotice` says whether the client hears of the close:
 *   `fin` after the one-way latency (a server closing), or `none` (a load balancer or NAT that
 *   forgets the connection silently: every later request on it is reset);
 * - per request (matched on its request line, e.g. `POST /v2/checkouts`), a one-shot fault:
 *   `reset-reused` resets the connection when the request arrives on a connection that carried
 *   an earlier one, without passing it on (the service never reads it); `drip` passes the
 *   answer on one byte every `everyMs`; `reset-mid-answer` passes `afterBytes` bytes of the
 *   answer, then resets the connection.
 * It counts what a test or the bench needs: connections accepted and open, requests reset.
 * Also used by the bench (bench/quiet-spells.ts, bench/token-burst.ts). No jest globals here
 * except in `useProxyForStore`.
 */

export type ProxyFaultKind = "reset-reused" | "drip" | "reset-mid-answer"

export interface ProxyFault {
  /** Matched against the request line's `METHOD path`, e.g. /^POST \/v2\/checkouts$/. */
  request: RegExp
  kind: ProxyFaultKind
  /** Requests it applies to; default 1. */
  times?: number
  /** `drip`: ms between two bytes of the answer; default 1000. */
  everyMs?: number
  /** `reset-mid-answer`: bytes of the answer passed on before the reset; default 20. */
  afterBytes?: number
}

export interface TcpProxyOptions {
  /** Round-trip latency in ms added to every exchange; default 0. */
  latencyMs?: number
  /** Close client connections idle this long (ms); default never. */
  closeIdleAfterMs?: number
  /** Whether the client is told of an idle close; default `fin`. */
  idleNotice?: "fin" | "none"
  /**
   * Play a service with its own idle time-out (`closeIdleAfterMs`) in front of the sandbox:
   * when the sandbox closes an idle connection (its own 5 s), the client's connection stays
   * open and the next request gets a new one to the sandbox; the sandbox's `Keep-Alive:
   * timeout=` hint is removed from answers. Default false: the two halves close together.
   */
  ownIdleTimeout?: boolean
  /**
   * With `ownIdleTimeout`: answers carry `Keep-Alive: timeout=<closeIdleAfterMs in s>`, as a
   * server announcing its own idle time-out does (Node's, Apache's). Default false: no hint.
   */
  announceIdleTimeout?: boolean
  /**
   * Round trips a new connection costs before its first request can go out (1: TCP; 2: TCP and
   * TLS 1.3), each `latencyMs` long. Default 0 (loopback).
   */
  handshakeRoundTrips?: number
  /**
   * Reset every request that arrives on a connection which carried an earlier one (the
   * `reset-reused` fault, for all requests): the client then sends it again on a new
   * connection, so every request that reaches the service arrives on a new connection.
   */
  resetReused?: boolean
}

/** One client connection and its upstream half. */
interface Link {
  client: net.Socket
  upstream: net.Socket
  requests: number
  closedIdle: boolean
  idleTimer?: NodeJS.Timeout
  /** The fault applied to the answer now being passed on, if any. */
  answerFault?: { kind: "drip" | "reset-mid-answer"; everyMs: number; afterBytes: number; passed: number }
  /** When the last queued write in each direction goes out (latency keeps the order). */
  toUpstreamAt: number
  toClientAt: number
  dripQueue: Buffer[]
  dripping: boolean
  /** A request was passed on and no byte of its answer has come back yet. */
  awaiting: boolean
}

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/

export class TcpProxy {
  private server?: net.Server
  private readonly links = new Set<Link>()
  private port_ = 0
  private refusalsLeft?: number
  private refused_ = 0
  private armed: Array<Required<Omit<ProxyFault, "request">> & { request: RegExp }> = []
  private readonly onClientSocket = (message: unknown) => this.watch((message as { socket: net.Socket }).socket)
  private settings: Required<TcpProxyOptions>
  /** Connections accepted since the proxy was made (or `resetCounts`). */
  accepted = 0
  /** Most connections open at once. */
  peakOpen = 0
  /** Requests reset because they arrived on a connection closed for idleness. */
  idleResets = 0
  /** Faults applied, by kind. */
  readonly applied: Record<ProxyFaultKind, number> = { "reset-reused": 0, drip: 0, "reset-mid-answer": 0 }

  constructor(
    private readonly target: { host: string; port: number },
    options: TcpProxyOptions = {},
  ) {
    this.settings = {
      latencyMs: 0,
      closeIdleAfterMs: 0,
      idleNotice: "fin",
      ownIdleTimeout: false,
      announceIdleTimeout: false,
      handshakeRoundTrips: 0,
      resetReused: false,
      ...options,
    }
    diagnostics.subscribe("net.client.socket", this.onClientSocket)
  }

  get url(): string {
    return `http://127.0.0.1:${this.port_}`
  }

  /** Connections refused since the last `refuse`. */
  get refused(): number {
    return this.refused_
  }

  /** Connections open now. */
  get open(): number {
    return this.links.size
  }

  /** Changes latency and idle closing from now on (connections already open included). */
  configure(options: TcpProxyOptions): void {
    this.settings = { ...this.settings, ...options }
  }

  /** Arms a one-shot fault (see ProxyFault). */
  fault(fault: ProxyFault): void {
    this.armed.push({ times: 1, everyMs: 1000, afterBytes: 20, ...fault })
  }

  /** Faults armed and not used up. */
  faults(): ProxyFault[] {
    return this.armed.filter((fault) => fault.times > 0)
  }

  clearFaults(): void {
    this.armed = []
  }

  resetCounts(): void {
    this.accepted = 0
    this.peakOpen = this.links.size
    this.idleResets = 0
    for (const kind of Object.keys(this.applied) as ProxyFaultKind[]) this.applied[kind] = 0
  }

  /** Listens (again) on the same port; the first call picks a free one. */
  async listen(): Promise<void> {
    if (this.server) return
    const server = net.createServer((client) => this.pipe(client))
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      // A burst of 500 connections needs a backlog above Node's default 511 to be safe.
      server.listen({ port: this.port_, host: "127.0.0.1", backlog: 2048 }, () => {
        server.off("error", reject)
        resolve()
      })
    })
    this.port_ = (server.address() as net.AddressInfo).port
  }

  /**
   * Stops listening and hangs up every open connection, so the next call is refused.
   * With `times`, listens again by itself once that many connections were refused (it sees
   * them through Node's `net.client.socket` diagnostics channel: the client must run in this
   * process); without it, refuses until `listen()`.
   */
  async refuse(times?: number): Promise<void> {
    this.refused_ = 0
    this.refusalsLeft = times
    const server = this.server
    this.server = undefined
    for (const link of this.links) this.hangUp(link)
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
    // Lets the clients' keep-alive pools see their sockets closed before the next call.
    await new Promise((resolve) => setTimeout(resolve, 20))
  }

  async close(): Promise<void> {
    await this.refuse()
    diagnostics.unsubscribe("net.client.socket", this.onClientSocket)
  }

  private watch(socket: net.Socket): void {
    socket.once("error", (error: NodeJS.ErrnoException & { port?: number }) => {
      if (error.code !== "ECONNREFUSED" || error.port !== this.port_ || this.server) return
      this.refused_++
      if (this.refusalsLeft !== undefined && this.refused_ >= this.refusalsLeft) {
        this.refusalsLeft = undefined
        void this.listen()
      }
    })
  }

  private pipe(client: net.Socket): void {
    this.accepted++
    const link: Link = {
      client,
      upstream: undefined as unknown as net.Socket,
      requests: 0,
      closedIdle: false,
      toUpstreamAt: 0,
      toClientAt: 0,
      dripQueue: [],
      dripping: false,
      awaiting: false,
    }
    // The client's first bytes leave after the handshake's round trips (then the one-way latency).
    link.toUpstreamAt = Date.now() + this.settings.handshakeRoundTrips * this.settings.latencyMs + this.settings.latencyMs / 2
    this.connectUpstream(link)
    this.links.add(link)
    this.peakOpen = Math.max(this.peakOpen, this.links.size)
    client.setNoDelay(true)
    client.on("error", () => this.hangUp(link))
    client.on("close", () => this.hangUp(link))
    client.on("data", (chunk: Buffer) => this.fromClient(link, chunk))
    client.on("end", () => this.later(link, "toUpstreamAt", () => link.upstream.destroyed || link.upstream.end()))
    this.touch(link)
  }

  private connectUpstream(link: Link): void {
    const upstream = net.connect(this.target.port, this.target.host)
    link.upstream = upstream
    upstream.setNoDelay(true)
    const closed = () => {
      if (link.upstream !== upstream) return
      // The sandbox closed an idle connection: with a timeout of our own, the client's stays.
      if (this.settings.ownIdleTimeout && !link.awaiting && !link.closedIdle && !link.client.destroyed) return
      this.hangUp(link)
    }
    upstream.on("error", closed)
    upstream.on("close", closed)
    upstream.on("data", (chunk: Buffer) => this.fromUpstream(link, chunk))
    upstream.on("end", () => {
      if (this.settings.ownIdleTimeout && !link.awaiting) return
      this.later(link, "toClientAt", () => link.client.end())
    })
  }

  private fromClient(link: Link, chunk: Buffer): void {
    if (link.closedIdle) {
      // The connection was closed for idleness before this request arrived: a reset, as a
      // server or load balancer answers a segment on a connection it no longer has.
      this.idleResets++
      this.reset(link)
      return
    }
    this.touch(link)
    const line = REQUEST_LINE.exec(chunk.toString("latin1", 0, Math.min(chunk.length, 2048)))
    if (link.upstream.destroyed || link.upstream.writableEnded) this.connectUpstream(link)
    if (line) {
      link.awaiting = true
      link.requests++
      link.answerFault = undefined
      const request = `${line[1]} ${line[2]}`
      const fault = this.armed.find(
        (candidate) => candidate.times > 0 && candidate.request.test(request) && (candidate.kind !== "reset-reused" || link.requests > 1),
      )
      if (this.settings.resetReused && link.requests > 1) {
        this.applied["reset-reused"]++
        this.reset(link)
        return
      }
      if (fault) {
        fault.times--
        this.applied[fault.kind]++
        if (fault.kind === "reset-reused") {
          this.reset(link)
          return
        }
        link.answerFault = { kind: fault.kind, everyMs: fault.everyMs, afterBytes: fault.afterBytes, passed: 0 }
      }
    }
    this.later(link, "toUpstreamAt", () => link.upstream.destroyed || link.upstream.write(chunk))
  }

  private fromUpstream(link: Link, chunk: Buffer): void {
    this.touch(link)
    link.awaiting = false
    if (this.settings.ownIdleTimeout) {
      const hint = this.settings.announceIdleTimeout ? `\r\nKeep-Alive: timeout=${Math.floor(this.settings.closeIdleAfterMs / 1000)}` : ""
      chunk = Buffer.from(chunk.toString("latin1").replace(/\r\nKeep-Alive: [^\r]*/i, hint), "latin1")
    }
    const fault = link.answerFault
    if (fault?.kind === "drip") {
      link.dripQueue.push(chunk)
      this.drip(link)
      return
    }
    if (fault?.kind === "reset-mid-answer") {
      const pass = chunk.subarray(0, Math.max(0, fault.afterBytes - fault.passed))
      fault.passed += pass.length
      if (fault.passed >= fault.afterBytes) {
        link.answerFault = undefined
        this.later(link, "toClientAt", () => {
          if (pass.length) link.client.write(pass)
          // Gives the bytes a moment to leave before the reset discards what is unsent.
          setTimeout(() => this.reset(link), 20)
        })
        return
      }
    }
    this.later(link, "toClientAt", () => link.client.write(chunk))
  }

  private drip(link: Link): void {
    if (link.dripping) return
    link.dripping = true
    const everyMs = link.answerFault?.everyMs ?? 1000
    const next = () => {
      if (link.client.destroyed) return
      const chunk = link.dripQueue[0]
      if (!chunk) {
        link.dripping = false
        return
      }
      link.client.write(chunk.subarray(0, 1))
      if (chunk.length > 1) link.dripQueue[0] = chunk.subarray(1)
      else link.dripQueue.shift()
      this.touch(link)
      setTimeout(next, everyMs)
    }
    this.later(link, "toClientAt", next)
  }

  /** Runs `write` after the one-way latency, in order with earlier writes the same way. */
  private later(link: Link, direction: "toUpstreamAt" | "toClientAt", write: () => void): void {
    const oneWay = this.settings.latencyMs / 2
    if (oneWay <= 0 && link[direction] <= Date.now()) {
      if (!link.client.destroyed) write()
      return
    }
    const at = Math.max(Date.now() + oneWay, link[direction])
    link[direction] = at
    setTimeout(() => {
      if (!link.client.destroyed) write()
    }, at - Date.now())
  }

  /** Restarts the idle clock of a connection. */
  private touch(link: Link): void {
    clearTimeout(link.idleTimer)
    const after = this.settings.closeIdleAfterMs
    if (!after || link.closedIdle) return
    link.idleTimer = setTimeout(() => {
      if (link.dripping) return this.touch(link)
      link.closedIdle = true
      link.upstream.destroy()
      if (this.settings.idleNotice === "fin") {
        setTimeout(() => link.client.end(), this.settings.latencyMs / 2)
      }
    }, after)
    link.idleTimer.unref()
  }

  private reset(link: Link): void {
    clearTimeout(link.idleTimer)
    this.links.delete(link)
    if (!link.client.destroyed) link.client.resetAndDestroy()
    link.upstream.destroy()
  }

  private hangUp(link: Link): void {
    // An idle-closed connection stays open on the client's side (`idleNotice: none`, or until
    // the FIN) so that the client's next request on it can be reset.
    if (link.closedIdle && !link.client.destroyed && this.server) return
    clearTimeout(link.idleTimer)
    this.links.delete(link)
    link.client.destroy()
    link.upstream.destroy()
  }
}

/**
 * Puts a `TcpProxy` in front of the sandbox for this test file: the store's `baseUrl`
 * (BNPL_BASE_URL, read by the test store's medusa-config at boot) points at the proxy. Call it
 * after `useSandboxForStore` and before `medusaIntegrationTestRunner`.
 */
export function useProxyForStore(options: TcpProxyOptions = {}): TcpProxy {
  const sandboxUrl = new URL(process.env.BNPL_BASE_URL!)
  const proxy = new TcpProxy({ host: sandboxUrl.hostname, port: Number(sandboxUrl.port) }, options)
  let previous: string | undefined
  beforeAll(async () => {
    await proxy.listen()
    previous = process.env.BNPL_BASE_URL
    process.env.BNPL_BASE_URL = proxy.url
  })
  afterAll(async () => {
    await proxy.close()
    process.env.BNPL_BASE_URL = previous
  })
  return proxy
}
