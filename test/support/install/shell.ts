import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

/** Package managers the Install section and docs/deploying.md give commands for. */
export type PackageManager = "npm" | "pnpm" | "yarn"

// Run with `npx <name>@<version>` when the machine has no such command.
const PINNED: Record<Exclude<PackageManager, "npm">, string> = { pnpm: "pnpm@12.21.0", yarn: "yarn@1.22.22" }

/** Seconds each step took, by step name: printed by the tests for the tier's time budget. */
export const timings: Record<string, number> = {}

/**
 * The environment a merchant's shell has: this process's, without the npm_config_* settings
 * that `npm run` passes down (the project directory among them: a nested npm or pnpm would act
 * on this repository instead of the app), with `extra` on top and `extraPath` before PATH.
 */
export function shellEnvironment(extra: NodeJS.ProcessEnv = {}, extraPath?: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
  const PATH = extraPath ? `${extraPath}:${env.PATH}` : env.PATH
  return { ...env, CI: "true", NEXT_TELEMETRY_DISABLED: "1", MEDUSA_DISABLE_TELEMETRY: "true", ...extra, PATH }
}

/**
 * A folder with `pnpm` and `yarn` commands: the machine's own where it has them, else shims
 * running the pinned version from the registry through npx.
 */
export function packageManagersOnPath(work: string): string {
  const bin = path.join(work, "bin")
  fs.mkdirSync(bin, { recursive: true })
  for (const [name, pinned] of Object.entries(PINNED)) {
    const shim = path.join(bin, name)
    fs.rmSync(shim, { force: true })
    try {
      execFileSync(name, ["--version"], { stdio: "pipe", env: shellEnvironment() })
    } catch {
      fs.writeFileSync(shim, `#!/bin/sh\nexec npx --yes ${pinned} "$@"\n`, { mode: 0o755 })
    }
  }
  return bin
}

/**
 * An empty cache for each package manager, as a clean build machine (or a Docker build) has:
 * what an install then needs comes from the registry or the app's own files, never from an
 * earlier install on this machine. Answers the variables that point npm, pnpm and yarn at it.
 */
export function emptyCaches(dir: string): NodeJS.ProcessEnv {
  fs.rmSync(dir, { recursive: true, force: true })
  for (const sub of ["npm", "pnpm-store", "pnpm-cache", "yarn"]) fs.mkdirSync(path.join(dir, sub), { recursive: true })
  return {
    npm_config_cache: path.join(dir, "npm"),
    npm_config_store_dir: path.join(dir, "pnpm-store"),
    npm_config_cache_dir: path.join(dir, "pnpm-cache"),
    // pnpm 11 and later read their own settings from pnpm_config_* only.
    pnpm_config_store_dir: path.join(dir, "pnpm-store"),
    pnpm_config_cache_dir: path.join(dir, "pnpm-cache"),
    YARN_CACHE_FOLDER: path.join(dir, "yarn"),
  }
}

/**
 * Runs `command` with `sh -c` in `cwd`, as typed at a prompt; answers its stdout.
 * @throws naming the step, with the end of the command's output, when it exits non-zero.
 */
export function runShell(command: string, cwd: string, step: string, env: NodeJS.ProcessEnv = shellEnvironment()): string {
  const started = Date.now()
  try {
    return execFileSync("sh", ["-c", command], { cwd, encoding: "utf8", stdio: "pipe", env, maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${step}: \`${command}\` in ${cwd} failed:\n${String(stdout ?? "").slice(-4000)}\n${String(stderr ?? "").slice(-4000)}`)
  } finally {
    timings[step] = Math.round((Date.now() - started) / 100) / 10
  }
}
