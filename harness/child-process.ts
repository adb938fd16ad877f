import { spawn, type ChildProcess } from "node:child_process"
import { createWriteStream, readFileSync, type WriteStream } from "node:fs"

export interface ChildOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  /** Where the child's stdout and stderr go: the demo prints only its own lines. */
  logFile: string
  /** The Node binary to run; default the one running this process. */
  node?: string
}

/** A long-running child process (the Medusa server). */
export interface RunningChild {
  child: ChildProcess
  /** Resolves with the exit code (or signal) when the child ends, however it ends. */
  exited: Promise<string>
  /** SIGTERM (Medusa shuts down gracefully), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>
  /** SIGKILL at once, as a crash (or an out-of-memory kill) ends a process: nothing is cleaned up. */
  kill(): Promise<void>
}

// Every child still running, so a Ctrl-C in the middle of start-up can stop them too.
const running = new Set<RunningChild>()

/** Starts `node <args>` (`options.node`, default this process's Node) with its output written to `logFile` (replaced on each run). */
export function startNode(args: string[], options: ChildOptions): RunningChild {
  const log: WriteStream = createWriteStream(options.logFile)
  const child = spawn(options.node ?? process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  const exited = new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(`error ${error.message}`))
    child.once("close", (code, signal) => {
      log.end()
      resolve(signal ? `signal ${signal}` : `code ${code}`)
    })
  })
  const handle: RunningChild = {
    child,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM")
        const timer = setTimeout(() => child.kill("SIGKILL"), graceMs)
        await exited
        clearTimeout(timer)
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
      await exited
    },
  }
  running.add(handle)
  void exited.then(() => running.delete(handle))
  return handle
}

/** Stops every child this process started that is still running. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((handle) => handle.stop()))
}

/** Runs `node <args>` to the end; rejects with the end of its log when it fails. */
export async function runNode(args: string[], options: ChildOptions): Promise<void> {
  const outcome = await startNode(args, options).exited
  if (outcome !== "code 0") {
    throw new Error(`\`${args.slice(1).join(" ")}\` failed (${outcome}):\n${tail(options.logFile)}`)
  }
}

/** The last lines of a log file, to explain a failure without making the user open it. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n")
  } catch {
    return "(no log)"
  }
}
