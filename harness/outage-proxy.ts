import net from "node:net"

/**
 * A TCP proxy on loopback that can play a dependency's outage: between a store and PostgreSQL,
 * Redis or the service, it passes bytes through unchanged until `cut()`, which hangs up every
 * open connection and then resets every new one the moment it arrives (what a client meets while
 * a database restarts, or a load balancer drops the way to a backend), until `restore()`.
 * It keeps listening while cut, so its port is never given to anyone else and the client's
 * address stays the same; the machine's own servers are never touched (they are shared).
 *
 * Protocol-blind on purpose (the fault-injecting HTTP proxy for the service's own faults is
 * tcp-proxy.ts). Used by the chaos soak (scripts/soak/outages.ts) and the integration test of
 * outages (test/integration/dependency-outages.test.ts).
 */
export class OutageProxy {
  private server?: net.Server
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>()
  private port_ = 0
  private cut_ = false
  /** Connections passed through since the proxy was made. */
  forwarded = 0
  /** Connections reset on arrival while cut. */
  dropped = 0
  /** Open connections hung up by a `cut()`. */
  severed = 0
  /** Times `cut()` was called while the way was open. */
  cuts = 0

  constructor(
    private readonly target: { host: string; port: number },
    /** Names the dependency in errors ("PostgreSQL", "Redis", "the service"). */
    readonly name = `${target.host}:${target.port}`,
  ) {}

  /** A proxy for the host and port of `url` (postgres://, redis://, http://), not yet listening. */
  static forUrl(url: string, name?: string): OutageProxy {
    const parsed = new URL(url)
    const defaults: Record<string, number> = { "postgres:": 5432, "postgresql:": 5432, "redis:": 6379, "http:": 80 }
    const host = parsed.hostname === "localhost" ? "127.0.0.1" : parsed.hostname
    return new OutageProxy({ host, port: Number(parsed.port) || defaults[parsed.protocol] || 80 }, name)
  }

  get port(): number {
    return this.port_
  }

  /** Whether the way is cut now. */
  get isCut(): boolean {
    return this.cut_
  }

  /** Connections open through the proxy now. */
  get open(): number {
    return this.pairs.size
  }

  /** `url` with its host and port replaced by the proxy's, so a client set with it goes through the proxy. */
  urlThrough(url: string): string {
    const parsed = new URL(url)
    parsed.hostname = "127.0.0.1"
    parsed.port = String(this.port_)
    return parsed.toString().replace(/\/$/, url.endsWith("/") ? "/" : "")
  }

  /** Listens on a free loopback port (the OS picks it), or `port` when given. */
  async listen(port = 0): Promise<void> {
    if (this.server) return
    const server = net.createServer((client) => this.accept(client))
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen({ port, host: "127.0.0.1", backlog: 1024 }, () => {
        server.off("error", reject)
        resolve()
      })
    })
    this.port_ = (server.address() as net.AddressInfo).port
  }

  /**
   * The outage starts: every open connection is destroyed at once (the client sees its socket
   * close mid-query or mid-command), and every new one is reset on arrival until `restore()`.
   */
  cut(): void {
    if (!this.cut_) this.cuts += 1
    this.cut_ = true
    for (const pair of [...this.pairs]) {
      this.severed += 1
      this.hangUp(pair)
    }
  }

  /** The outage ends: new connections are passed through again. */
  restore(): void {
    this.cut_ = false
  }

  /** Stops listening and hangs up everything. */
  async close(): Promise<void> {
    const server = this.server
    this.server = undefined
    for (const pair of [...this.pairs]) this.hangUp(pair)
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private accept(client: net.Socket): void {
    if (this.cut_) {
      this.dropped += 1
      client.on("error", () => {})
      client.resetAndDestroy()
      return
    }
    this.forwarded += 1
    const upstream = net.connect(this.target.port, this.target.host)
    const pair = { client, upstream }
    this.pairs.add(pair)
    client.setNoDelay(true)
    upstream.setNoDelay(true)
    // Either side failing resets both; either side closing closes the other once its bytes
    // are out (the pipes pass the FIN on): the client sees what the server did.
    for (const socket of [client, upstream]) {
      socket.on("error", () => this.hangUp(pair))
      socket.on("close", () => {
        this.pairs.delete(pair)
        client.destroySoon()
        upstream.destroySoon()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
  }

  private hangUp(pair: { client: net.Socket; upstream: net.Socket }): void {
    if (!this.pairs.delete(pair)) return
    // A reset rather than a FIN: a server that went away mid-conversation says nothing more.
    if (!pair.client.destroyed) pair.client.resetAndDestroy()
    if (!pair.upstream.destroyed) pair.upstream.resetAndDestroy()
  }
}
