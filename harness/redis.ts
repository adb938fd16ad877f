import { createConnection } from "node:net"

/**
 * Sends Redis commands over one connection to the database a `redis://host:port/db` URL
 * names, and resolves with the raw replies (RESP). Enough for the test's FLUSHDB and KEYS,
 * without a Redis client among the package's dependencies.
 */
export async function redisCommands(url: string, commands: string[][]): Promise<string> {
  const { hostname, port, pathname } = new URL(url)
  const db = pathname.slice(1) || "0"
  const all = [["SELECT", db], ...commands, ["QUIT"]]
  const payload = all.map((args) => `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join("")}`).join("")
  return new Promise<string>((resolve, reject) => {
    let reply = ""
    const socket = createConnection({ host: hostname || "127.0.0.1", port: Number(port) || 6379 })
    socket.setTimeout(5_000, () => socket.destroy(new Error(`Redis at ${hostname}:${port} did not answer`)))
    socket.on("connect", () => socket.write(payload))
    socket.on("data", (chunk) => (reply += chunk.toString("utf8")))
    socket.on("error", reject)
    socket.on("close", () => {
      if (/^-/m.test(reply)) reject(new Error(`Redis refused a command: ${reply.trim()}`))
      else resolve(reply)
    })
  })
}

/** Empties the Redis database of `url` (FLUSHDB), so a run starts with a cold shared cache. */
export async function flushRedisDatabase(url: string): Promise<void> {
  await redisCommands(url, [["FLUSHDB"]])
}

/** The keys of the Redis database of `url` that match `pattern`. */
export async function redisKeys(url: string, pattern: string): Promise<string[]> {
  const reply = await redisCommands(url, [["KEYS", pattern]])
  // +OK (SELECT), then *n followed by $len / key pairs, then +OK (QUIT).
  return reply.split("\r\n").filter((_, index, lines) => index > 0 && lines[index - 1].startsWith("$"))
}
