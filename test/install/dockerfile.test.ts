import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import fs from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { startSandbox, type Sandbox } from "../../src/sandbox"
import { freePort } from "../../harness/ports"
import { payLaterCheckout } from "../support/install/checkout"
import { deployDockerfile, readmeInstall } from "../support/install/docs-blocks"
import { runDockerfileAsScript } from "../support/install/dockerfile-script"
import { allowSandboxInProduction, writeFile, writeMedusaApp } from "../support/install/medusa-app"
import { seededDatabase, serverEnvironment, startServer, type StartedServer } from "../support/install/production-server"
import { runShell, shellEnvironment, timings } from "../support/install/shell"

/**
 * docs/deploying.md's production Dockerfile, as it stands on the page, for a new Medusa 2.21 app
 * that installed the plugin's tarball with npm as the README says (its package-lock.json
 * written). With a usable Docker daemon, `docker build` and `docker run`; without one, the
 * Dockerfile's own steps run as a script (test/support/install/dockerfile-script.ts: each stage
 * a directory with an empty npm cache). Either way the image's CMD serves the store with
 * NODE_ENV=production, and one pay-later checkout goes through it against the sandbox.
 *
 * The image is the staging kind (docs/going-live.md, step 6): the sandbox's account, with
 * `allowSandboxInProduction: true` added to the built config. Needs the npm registry and PostgreSQL.
 */

jest.setTimeout(1_800_000)

const root = path.resolve(__dirname, "../..")
const work = path.join(tmpdir(), `medusa-payment-bnpl-dockerfile-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`)
const app = path.join(work, "medusa-app")
const { dockerfile, dockerignore } = deployDockerfile()
const dockerUsable = (() => {
  try {
    execFileSync("docker", ["info"], { stdio: "pipe" })
    return true
  } catch {
    return false
  }
})()

let sandbox: Sandbox
let server: StartedServer | undefined
let stopServer: () => Promise<void> = async () => {}

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true })
  const pack = readmeInstall().commands.find((command) => command === "npm pack")!
  const tarball = path.join(root, runShell(pack, root, pack).trim().split("\n").pop()!)
  writeMedusaApp(app, tarball)
  fs.rmSync(tarball)
  runShell("npm install", app, "Medusa app's own install")
  runShell(readmeInstall().table.npm.app, app, "npm install of the tarball")
  writeFile(path.join(app, "Dockerfile"), dockerfile)
  writeFile(path.join(app, ".dockerignore"), dockerignore)
  sandbox = await startSandbox({ port: 0, strictRequests: true })
})

afterAll(async () => {
  await stopServer()
  await sandbox?.close()
  console.log(`dockerfile (${dockerUsable ? "docker" : "as a script"}): ${JSON.stringify(timings)} (seconds)`)
})

it("the Dockerfile of docs/deploying.md builds and its CMD serves a pay-later checkout with NODE_ENV=production", async () => {
  const database = await seededDatabase(sandbox.url, path.join(work, "logs"))
  const port = await freePort()
  const env = serverEnvironment({ port, databaseUrl: database.url, sandboxUrl: sandbox.url })
  if (dockerUsable) {
    // The staging change goes into the built config: a stage of the test's own after the docs' ones.
    writeFile(
      path.join(app, "Dockerfile.staging"),
      `${dockerfile}\nRUN sed -i 's/const bnplOptions = {/&\\n    allowSandboxInProduction: true,/' medusa-config.js\n`,
    )
    runShell("docker build -f Dockerfile.staging -t medusa-payment-bnpl-install-test .", app, "docker build")
    const variables = [
      "PORT",
      "DATABASE_URL",
      "JWT_SECRET",
      "COOKIE_SECRET",
      "STORE_CORS",
      "ADMIN_CORS",
      "AUTH_CORS",
      "BNPL_MERCHANT_ID",
      "BNPL_SECRET_KEY",
      "BNPL_BASE_URL",
      "BNPL_AUTH_URL",
    ]
    const name = `medusa-payment-bnpl-install-test-${port}`
    runShell(
      `docker run -d --name ${name} --network host ${variables.map((variable) => `-e ${variable}`).join(" ")} medusa-payment-bnpl-install-test`,
      app,
      "docker run",
      env,
    )
    stopServer = async () => void runShell(`docker rm -f ${name}`, app, "docker rm")
    server = await startServer(`docker logs -f ${name}`, app, env, path.join(work, "logs/docker.log"))
  } else {
    const image = runDockerfileAsScript(dockerfile, dockerignore, app, path.join(work, "image"))
    expect(image.env.NODE_ENV).toBe("production")
    expect(image.exposed).toEqual([9000])
    // Nothing of the app's own install is there: the image's node_modules are its own.
    const installed = fs.realpathSync(require.resolve("medusa-payment-bnpl/package.json", { paths: [image.workdir] }))
    expect(installed.startsWith(path.join(image.workdir, "node_modules"))).toBe(true)
    allowSandboxInProduction(image.workdir)
    const started = Date.now()
    server = await startServer(image.command, image.workdir, shellEnvironment({ ...env, ...image.env }), path.join(work, "logs/image.log"))
    timings["CMD start"] = Math.round((Date.now() - started) / 100) / 10
    stopServer = () => server!.stop()
  }
  try {
    const checkout = await payLaterCheckout(`http://127.0.0.1:${port}`, sandbox.url, database.seed)
    expect(checkout.orderPage.toString()).toBe(`https://shop.example.com/order/${checkout.orderId}/confirmed`)
    expect(checkout.auths.map((auth) => auth.status)).toEqual(["APPROVED"])
  } finally {
    await stopServer()
    stopServer = async () => {}
    await database.drop()
  }
})
