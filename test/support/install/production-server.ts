import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { tail } from "../../../harness/child-process"
import { DEFAULT_DATABASE_URL } from "../../../harness/database"
import { linkPlugin, migrateStore, seedDemoStore, STORE_DIR } from "../../../harness/medusa-store"
import { databaseFromTemplate, templateHash, type TemplateCopy } from "../../../harness/template-database"
import { shellEnvironment } from "./shell"

/**
 * A migrated and seeded database for a production server: a copy of the demo store's template
 * (the same Medusa and plugin migrations as an app installed from the tarball, and the seed's
 * UK region offering `pp_bnpl_bnpl`, products, a publishable key and an admin login).
 */
export async function seededDatabase(sandboxUrl: string, logDir: string): Promise<TemplateCopy> {
  linkPlugin(STORE_DIR)
  return databaseFromTemplate({
    serverUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    store: "demo",
    hash: templateHash(STORE_DIR),
    build: async (url) => {
      const setup = {
        port: 0,
        databaseUrl: url,
        bnplBaseUrl: sandboxUrl,
        storeUrl: "http://127.0.0.1:9000",
        storefrontUrl: "http://127.0.0.1:8000",
        logDir,
      }
      await migrateStore(setup)
      return seedDemoStore(setup)
    },
  })
}

/**
 * The environment of a server configured by the README's `medusa-config.ts`: Medusa's own
 * variables (database, port, new secrets, CORS) and the BNPL_* ones, here the sandbox's UK
 * account; `extraPath` goes before PATH (the pnpm and yarn commands). The start command sets
 * NODE_ENV itself, as the docs' commands do.
 */
export function serverEnvironment(
  settings: { port: number; databaseUrl: string; sandboxUrl: string },
  extraPath?: string,
): NodeJS.ProcessEnv {
  return shellEnvironment(
    {
      PORT: String(settings.port),
      DATABASE_URL: settings.databaseUrl,
      JWT_SECRET: randomBytes(32).toString("hex"),
      COOKIE_SECRET: randomBytes(32).toString("hex"),
      STORE_CORS: "https://shop.example.com",
      ADMIN_CORS: `http://127.0.0.1:${settings.port}`,
      AUTH_CORS: `https://shop.example.com,http://127.0.0.1:${settings.port}`,
      BNPL_MERCHANT_ID: "sandbox-uk-merchant",
      BNPL_SECRET_KEY: "sandbox-uk-secret-key",
      BNPL_BASE_URL: settings.sandboxUrl,
      BNPL_AUTH_URL: `${settings.sandboxUrl}/oauth`,
    },
    extraPath,
  )
}

/** A server started by a docs command. */
export interface StartedServer {
  url: string
  /** What the server printed so far. */
  log(): string
  stop(): Promise<void>
}

/**
 * Runs `command` (a docs start command, with `sh -c`) in `cwd` and resolves once the server's
 * `/health` answers on `port`.
 * @throws with the end of its log when it exits first, or after `timeoutMs`.
 */
export async function startServer(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  timeoutMs = 180_000,
): Promise<StartedServer> {
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.createWriteStream(logFile)
  // Its own process group, so that stopping it stops npx's or pnpm's child too.
  const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })
  let exited: string | undefined
  const ended = new Promise<void>((resolve) =>
    child.once("close", (code, signal) => {
      exited = signal ? `signal ${signal}` : `code ${code}`
      log.end()
      resolve()
    }),
  )
  const url = `http://127.0.0.1:${env.PORT}`
  const stop = async () => {
    if (exited) return
    process.kill(-child.pid!, "SIGTERM")
    const timer = setTimeout(() => exited || process.kill(-child.pid!, "SIGKILL"), 15_000)
    await ended
    clearTimeout(timer)
  }
  const deadline = Date.now() + timeoutMs
  while (!(await healthy(url))) {
    if (exited || Date.now() > deadline) {
      await stop()
      throw new Error(`\`${command}\` in ${cwd} did not start a server (${exited ?? "timed out"}):\n${tail(logFile, 40)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { url, log: () => fs.readFileSync(logFile, "utf8"), stop }
}

/**
 * Runs a start command that must not start: answers what it printed once it exits.
 * @throws when it is still running (or serving) after `timeoutMs`.
 */
export async function refusedStart(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<string> {
  const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), timeoutMs)
  const outcome = await new Promise<string>((resolve) =>
    child.once("close", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)),
  )
  clearTimeout(timer)
  if (outcome === "signal SIGKILL") throw new Error(`\`${command}\` was still running after ${timeoutMs / 1000} s:\n${output.slice(-3000)}`)
  return output
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}
