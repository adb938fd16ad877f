import http from "node:http"
import { DEFAULT_SANDBOX_ACCOUNTS } from "../../src/sandbox"

/**
 * Fails a test file whose run let a credential out: every line written to stdout or stderr
 * (Medusa's logger, console) and every HTTP response the Medusa store sent is scanned for the
 * sandbox accounts' secret keys, their Basic header values, and every access token the
 * sandbox's token service issued during the file. Loaded for the integration project by
 * jest's setupFilesAfterEnv; the store runs in the test's process, so all of it passes here.
 */
const secrets = new Set<string>()
for (const account of DEFAULT_SANDBOX_ACCOUNTS) {
  secrets.add(account.secretKey)
  secrets.add(Buffer.from(`${account.merchantId}:${account.secretKey}`).toString("base64"))
}

const leaks: string[] = []
const sandboxPort = Number(process.env.BNPL_SANDBOX_PORT)
/**
 * The latest texts written or answered, for a token issued after it was printed. Bounded, so a
 * long file's responses do not pile up in the worker's heap: a token is issued and used within
 * a few requests.
 */
const seen: string[] = []
const SEEN_KEPT = 500

function scan(where: string, text: string): void {
  if (!text) return
  seen.push(text)
  if (seen.length > SEEN_KEPT) seen.splice(0, seen.length - SEEN_KEPT)
  for (const secret of secrets) {
    if (text.includes(secret)) leaks.push(`${where} contains ${secret.slice(0, 6)}…`)
  }
}

for (const stream of [process.stdout, process.stderr] as const) {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean
  ;(stream as unknown as { write: (...args: unknown[]) => boolean }).write = (chunk: unknown, ...rest: unknown[]) => {
    scan(
      stream === process.stdout ? "stdout" : "stderr",
      typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"),
    )
    return write(chunk, ...rest)
  }
}

// Responses: the sandbox's own token answers are where access tokens come from (recorded as
// secrets); every other server in this process is the Medusa store (scanned).
const originalEnd = http.ServerResponse.prototype.end
http.ServerResponse.prototype.end = function patchedEnd(this: http.ServerResponse, ...args: unknown[]) {
  const chunk = args[0]
  if (chunk && typeof chunk !== "function") {
    const body = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : ""
    const port = this.req?.socket?.localPort
    if (port === sandboxPort) {
      const token = /"access_token":"([^"]+)"/.exec(body)?.[1]
      if (token) {
        secrets.add(token)
        for (const earlier of seen) if (earlier.includes(token)) leaks.push(`output before issue contains a token`)
      }
    } else {
      scan(`response to ${this.req?.method} ${this.req?.url}`, body)
    }
  }
  return (originalEnd as (...a: unknown[]) => http.ServerResponse).apply(this, args)
} as typeof http.ServerResponse.prototype.end

/**
 * The credentials and access tokens of this file's run found in `text` (for output that does
 * not pass through stdout or a response: the spans an exporter kept, say), one line each.
 */
export function secretsIn(text: string): string[] {
  return [...secrets].filter((secret) => text.includes(secret)).map((secret) => `contains ${secret.slice(0, 6)}…`)
}

afterAll(() => {
  http.ServerResponse.prototype.end = originalEnd
  expect(leaks).toEqual([])
})
