import diagnostics from "node:diagnostics_channel"
import net from "node:net"

/**
 * A TCP proxy on loopback between the test store and the sandbox, so that a test can refuse
 * connections the way a service that is down does (ECONNREFUSED: nothing listens on the
 * port), then listen again on the same port. Everything else is passed through byte for byte;
 * when one side hangs up (the sandbox's `lost_response`, the client's read time-out) the
 * other side is hung up too.
 */
export class TcpProxy {
  private server?: net.Server
  private readonly sockets = new Set<net.Socket>()
  private port_ = 0
  private refusalsLeft?: number
  private refused_ = 0
  private readonly onClientSocket = (message: unknown) => this.watch((message as { socket: net.Socket }).socket)

  constructor(private readonly target: { host: string; port: number }) {
    diagnostics.subscribe("net.client.socket", this.onClientSocket)
  }

  get url(): string {
    return `http://127.0.0.1:${this.port_}`
  }

  /** Connections refused since the last `refuse`. */
  get refused(): number {
    return this.refused_
  }

  /** Listens (again) on the same port; the first call picks a free one. */
  async listen(): Promise<void> {
    if (this.server) return
    const server = net.createServer((client) => this.pipe(client))
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(this.port_, "127.0.0.1", () => {
        server.off("error", reject)
        resolve()
      })
    })
    this.port_ = (server.address() as net.AddressInfo).port
  }

  /**
   * Stops listening and hangs up every open connection, so the next call is refused.
   * With `times`, listens again by itself once that many connections were refused (it sees
   * them through Node's `net.client.socket` diagnostics channel: the store runs in this
   * process); without it, refuses until `listen()`.
   */
  async refuse(times?: number): Promise<void> {
    this.refused_ = 0
    this.refusalsLeft = times
    const server = this.server
    this.server = undefined
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
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
    const upstream = net.connect(this.target.port, this.target.host)
    this.sockets.add(client)
    this.sockets.add(upstream)
    const hangUp = () => {
      client.destroy()
      upstream.destroy()
      this.sockets.delete(client)
      this.sockets.delete(upstream)
    }
    for (const socket of [client, upstream]) {
      socket.on("error", hangUp)
      socket.on("close", hangUp)
    }
    client.pipe(upstream)
    upstream.pipe(client)
  }
}

/**
 * Puts a `TcpProxy` in front of the sandbox for this test file: the store's `baseUrl`
 * (BNPL_BASE_URL, read by the test store's medusa-config at boot) points at the proxy. Call it
 * after `useSandboxForStore` and before `medusaIntegrationTestRunner`.
 */
export function useProxyForStore(): TcpProxy {
  const sandboxUrl = new URL(process.env.BNPL_BASE_URL!)
  const proxy = new TcpProxy({ host: sandboxUrl.hostname, port: Number(sandboxUrl.port) })
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
