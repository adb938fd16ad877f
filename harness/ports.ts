import { createServer } from "node:net"

/** A TCP port free on loopback right now (the OS picks it), for tests that run beside others. */
export async function freePort(): Promise<number> {
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
