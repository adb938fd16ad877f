import { createHash } from "node:crypto"
import fs from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { freePort } from "../../harness/ports"
import type { TemplateCopy } from "../../harness/template-database"
import { goingLiveCheck, goingLiveCommands, readmeInstall, type GoingLiveCommand } from "../support/install/docs-blocks"
import { allowSandboxInProduction, writeMedusaApp } from "../support/install/medusa-app"
import { refusedStart, seededDatabase, serverEnvironment, startServer, type StartedServer } from "../support/install/production-server"
import { emptyCaches, runShell, shellEnvironment, timings } from "../support/install/shell"

/**
 * Every command of docs/going-live.md, run as written (its example addresses and ids swapped
 * for this machine's) in a new Medusa 2.21 app that installed the plugin's tarball with npm as
 * the README says and is configured by the README's medusa-config.ts with the sandbox's UK
 * account: the migrations and the tables they make (step 2), the build, the built server's
 * install on an empty npm cache and its production start, refused with the sandbox's account
 * as the step's Check quotes, then started with allowSandboxInProduction as a staging server
 * (step 6), the return route's answer (step 3) and the region's providers (step 4). A command
 * the walk has no check for still runs, in the built server's folder, and must succeed.
 *
 * Needs the npm registry and PostgreSQL (with psql). The database is a copy of the demo store's
 * seeded template, so step 4 has a region and a publishable key.
 */

jest.setTimeout(1_800_000)

const root = path.resolve(__dirname, "../..")
const work = path.join(tmpdir(), `medusa-payment-bnpl-going-live-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`)
const app = path.join(work, "medusa-app")
const commands = goingLiveCommands()
const walked: string[] = []

let sandbox: Sandbox
let database: TemplateCopy
let port: number
let env: NodeJS.ProcessEnv
let server: StartedServer | undefined
let serverDir = app

/** The command with the docs' example values replaced by this store's. */
function onThisStore(command: string): string {
  return command
    .replace(/https:\/\/api\.shop\.example/g, `http://127.0.0.1:${port}`)
    .replace(/reg_\.\.\./g, database.seed.regions.uk)
    .replace(/pk_\.\.\./g, database.seed.publishableKey)
}

/** Runs a docs command on this store, in `cwd`, and answers its output; it counts as walked. */
function walk(entry: GoingLiveCommand, cwd: string): string {
  walked.push(entry.command)
  return runShell(onThisStore(entry.command), cwd, `step ${entry.step}: ${entry.command}`, env)
}

const find = (step: number, pattern: RegExp) => {
  const entry = commands.find((candidate) => candidate.step === step && pattern.test(candidate.command))
  if (!entry) throw new Error(`docs/going-live.md's step ${step} has no command matching ${pattern}`)
  return entry
}

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true })
  const tarball = path.join(root, runShell("npm pack", root, "npm pack").trim().split("\n").pop()!)
  writeMedusaApp(app, tarball)
  fs.rmSync(tarball)
  runShell("npm install", app, "Medusa app's own install")
  runShell(readmeInstall().table.npm.app, app, "npm install of the tarball")
  sandbox = await startSandbox({ port: 0, strictRequests: true })
  database = await seededDatabase(sandbox.url, path.join(work, "logs"))
  port = await freePort()
  env = serverEnvironment({ port, databaseUrl: database.url, sandboxUrl: sandbox.url })
})

afterAll(async () => {
  await server?.stop()
  await database?.drop()
  await sandbox?.close()
  console.log(`going-live: ${JSON.stringify(timings)} (seconds)`)
})

it("step 2: `medusa db:migrate` in the app, and psql lists the plugin's tables", () => {
  walk(find(2, /medusa db:migrate/), app)
  const psql = find(2, /^psql /)
  const tables = walk(psql, app)
  for (const table of psql.comment.split(/,\s*/).filter((name) => name.startsWith("bnpl_"))) expect(tables).toContain(table)
})

it("step 6: the build, the built server's install on an empty npm cache, and the production start, refused with the sandbox's account", async () => {
  const entry = find(6, /medusa start/)
  walked.push(entry.command)
  // Up to the start, as one shell line would run it; the start itself is a server to watch.
  const parts = entry.command.split(" && ")
  const start = parts.pop()!
  runShell(
    parts.join(" && "),
    app,
    "step 6: build and install",
    shellEnvironment({ ...env, ...emptyCaches(path.join(work, "empty-caches")) }),
  )
  serverDir = path.join(app, ...parts.filter((part) => part.startsWith("cd ")).map((part) => part.slice(3)))
  expect(fs.realpathSync(require.resolve("medusa-payment-bnpl/package.json", { paths: [serverDir] }))).toContain(
    path.join(".medusa", "server", "node_modules"),
  )

  const refusal = await refusedStart(start, serverDir, env)
  const quoted = /`(medusa-payment-bnpl: option "merchantId"[^`]*)`/.exec(goingLiveCheck(6))?.[1]
  expect(quoted).toBeDefined()
  expect(refusal.replace(/\s+/g, " ")).toContain(quoted)

  allowSandboxInProduction(serverDir)
  server = await startServer(start, serverDir, env, path.join(work, "logs/production.log"))
  expect(server.log()).not.toMatch(/medusa-payment-bnpl: option/)
})

it("step 3: the return route answers 303 to the storefront's checkout with invalid_return", () => {
  const answer = walk(find(3, /^curl .*\/bnpl\/return/), app).trim()
  const promised = /`(303 https:\/\/[^`]+)`/.exec(goingLiveCheck(3))?.[1]
  expect(promised).toBeDefined()
  // The docs' storefront is shop.example, the README's config says shop.example.com.
  expect(answer).toBe(promised!.replace("https://shop.example/", "https://shop.example.com/"))
})

it("step 4: the region's payment providers list pp_bnpl_bnpl, enabled", () => {
  const answer = JSON.parse(walk(find(4, /^curl .*\/store\/payment-providers/), app))
  expect(goingLiveCheck(4)).toContain('{"id":"pp_bnpl_bnpl","is_enabled":true}')
  expect(answer.payment_providers).toEqual(expect.arrayContaining([expect.objectContaining({ id: "pp_bnpl_bnpl", is_enabled: true })]))
})

it("every other command of docs/going-live.md runs, in the built server's folder, and succeeds", () => {
  for (const entry of commands.filter((candidate) => !walked.includes(candidate.command))) walk(entry, serverDir)
  expect(walked.sort()).toEqual(commands.map((entry) => entry.command).sort())
})
