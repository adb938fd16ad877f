import { readFileSync } from "node:fs"
import { createServer } from "node:net"

/**
 * The ports Linux hands out itself (to a `listen(0)` and as the local end of every outgoing
 * connection), else Linux's default range.
 */
function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number)
    if (low > 0 && high >= low) return { low, high }
  } catch {
    // Not Linux: its default range stands in.
  }
  return { low: 32768, high: 60999 }
}

/** Whether `port` can be listened on at loopback right now. */
function isFree(port: number): Promise<boolean> {
  const server = createServer()
  return new Promise((resolve) => {
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })
}

/**
 * A TCP port free on loopback right now, for tests that run beside others, chosen at random
 * below the ephemeral range: a port the OS picks for `listen(0)` lies inside it, where any
 * outgoing connection (to PostgreSQL, to Redis) may take it as its local port before the server
 * that was to listen on it starts (a CI run failed so, EADDRINUSE). Below the range only another
 * test's explicit choice can take it, one in thousands.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralRange()
  const floor = Math.min(10_000, low - 1_000)
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = floor + Math.floor(Math.random() * (low - floor))
    if (await isFree(port)) return port
  }
  // A crowded range: the OS's choice, as before.
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", resolve)
  })
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Throws a clear error when `port` is taken, before a server fails on it with EADDRINUSE. */
export async function assertPortFree(port: number, what: string, flag: string): Promise<void> {
  const server = createServer()
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    server.once("error", resolve)
    server.listen(port, () => resolve(undefined))
  })
  if (!error) return new Promise<void>((resolve) => server.close(() => resolve()))
  if (error.code === "EADDRINUSE")
    throw new Error(`Port ${port} (${what}) is in use: stop what runs there, or choose another with ${flag}.`)
  throw error
}
