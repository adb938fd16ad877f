import { createConnection, createServer, type Server, type Socket } from "node:net"
import type { AddressInfo } from "node:net"

/**
 * A pass-through TCP proxy on loopback that counts the connections it accepts: put it in
 * front of the sandbox and point a client at it to see how many sockets the client opens
 * (startSandbox does not expose its HTTP server, so the proxy counts them instead).
 */
export interface CountingProxy {
  /** `http://127.0.0.1:<port>`: use as the client's `baseUrl`. */
  url: string
  /** Connections accepted so far. */
  accepted(): number
  /** Connections open right now, and the most open at once. */
  open(): number
  peakOpen(): number
  close(): Promise<void>
}

export async function startCountingProxy(target: { host: string; port: number }): Promise<CountingProxy> {
  let accepted = 0
  let open = 0
  let peak = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    accepted++
    open++
    peak = Math.max(peak, open)
    const upstream = createConnection(target)
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const drop = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on("error", drop).on("close", drop)
    upstream.on("error", drop).on("close", drop)
    client.once("close", () => {
      open--
      sockets.delete(client)
      sockets.delete(upstream)
    })
  })
  // 500 connections at once need a backlog above Node's default 511 to be safe.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog: 2048 }, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    accepted: () => accepted,
    open: () => open,
    peakOpen: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
