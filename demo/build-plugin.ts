import { spawn } from "node:child_process"
import { createWriteStream, mkdirSync } from "node:fs"
import path from "node:path"
import { tail } from "../harness/child-process"

const PACKAGE_ROOT = path.resolve(__dirname, "..")

/**
 * `npm run build` in the package root, its output in `<logDir>/build.log` (some 340 lines
 * of tsup, tsc and the admin bundler a person starting the demo need not read).
 * @throws when the build fails, with the end of its log.
 */
export async function buildPlugin(logDir: string): Promise<void> {
  mkdirSync(logDir, { recursive: true })
  const logFile = path.join(logDir, "build.log")
  const log = createWriteStream(logFile)
  // Under `npm run demo`, npm_execpath is npm's own CLI: the same npm runs the build.
  const npmCli = process.env.npm_execpath
  const [command, args] = npmCli?.endsWith(".js") ? [process.execPath, [npmCli, "run", "build"]] : ["npm", ["run", "build"]]
  const child = spawn(command, args, { cwd: PACKAGE_ROOT, stdio: ["ignore", "pipe", "pipe"] })
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })
  const outcome = await new Promise<string>((resolve) => {
    child.once("error", (error) => resolve(`error ${error.message}`))
    child.once("close", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`))
  })
  await new Promise((resolve) => log.end(resolve))
  if (outcome !== "code 0") throw new Error(`\`npm run build\` failed (${outcome}):\n${tail(logFile)}`)
}
