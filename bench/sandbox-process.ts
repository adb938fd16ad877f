import { mkdirSync } from "node:fs"
import path from "node:path"
import axios from "axios"
import { startNode, tail, type RunningChild } from "../harness/child-process"
import { eventually } from "../harness/http"

/**
 * A sandbox in a process of its own (the built `medusa-payment-bnpl sandbox` command), for the
 * sections that time the client alone (1 and 8). The real service runs on another machine: a
 * sandbox in the bench's own process would share its thread and its heap with the client being
 * timed, so the garbage one side makes would be collected in the other's time.
 */
export interface SandboxProcess {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  url: string
  /** Confirms a checkout as its consumer would, through the control API (`POST /__control/checkouts/:token/confirm`). */
  confirmCheckout(token: string): Promise<void>
  stop(): Promise<void>
}

const ROOT = path.resolve(__dirname, "..")
const LOG_DIRECTORY = path.join(ROOT, "test-output/bench")

/**
 * Starts the built sandbox on `port` with `--strict-requests` (as the bench's own sandbox) and
 * resolves once it answers Ping. Rejects with the end of its log if it exits or does not answer
 * within 15 s (harness/http.ts `eventually`).
 */
export async function startSandboxProcess(port: number): Promise<SandboxProcess> {
  mkdirSync(LOG_DIRECTORY, { recursive: true })
  const logFile = path.join(LOG_DIRECTORY, "sandbox-process.log")
  const child: RunningChild = startNode(
    [path.join(ROOT, "bin/medusa-payment-bnpl.js"), "sandbox", "--port", String(port), "--strict-requests"],
    {
      cwd: ROOT,
      env: process.env,
      logFile,
    },
  )
  const url = `http://127.0.0.1:${port}`
  const answers = async () => {
    if (child.child.exitCode !== null) throw new Error(`it exited (code ${child.child.exitCode})`)
    return axios.get(`${url}/ping`, { timeout: 1_000 }).then(
      () => true,
      () => undefined,
    )
  }
  try {
    await eventually(answers, `the sandbox process on ${url}`)
  } catch (error) {
    await child.stop()
    throw new Error(`the sandbox process did not answer on ${url} (${(error as Error).message}):\n${tail(logFile)}`)
  }
  return {
    url,
    async confirmCheckout(token) {
      await axios.post(
        `${url}/__control/checkouts/${encodeURIComponent(token)}/confirm`,
        {},
        { headers: { "Content-Type": "application/json" } },
      )
    },
    stop: () => child.stop(),
  }
}
