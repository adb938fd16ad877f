import path from "node:path"
import { parseArgs } from "node:util"
import { buildPlugin } from "./build-plugin"
import { stopAllChildren } from "../harness/child-process"
import { DEFAULT_DATABASE_URL } from "../harness/database"
import { runScriptedPurchase } from "./script/purchase"
import { DEMO_LOG_DIR } from "./paths"
import { banner } from "./banner"
import type { DemoStack } from "./stack"

const USAGE = `Usage: npm run demo [-- [--script] [--embedded-postgres] [--store-port 9000] [--storefront-port 8000] [--sandbox-port 4610]
                     [--storefront-url URL] [--storefront-order-path PATH] [--storefront-checkout-path PATH]
                     [--store-cors ORIGINS] [--real-credentials] [--skip-build]]

Builds this package (npm run build; its output in test-output/demo/build.log), then starts
the BNPL sandbox, a Medusa 2.21 store with medusa-payment-bnpl (that build) and a small
storefront, and prints their URLs. Ctrl-C stops everything.
Everything listens on 127.0.0.1 only; Medusa's JWT and cookie secrets and the admin
password are new on every run (the password is printed below).
  --script                        make one purchase end to end over HTTP, print each step, then stop
  --embedded-postgres             use a throwaway embedded PostgreSQL even when one is reachable
  --storefront-url URL            use the storefront at URL (e.g. Medusa's Next.js starter on
                                  http://localhost:8000) instead of starting the demo's own;
                                  the return route sends shoppers there (env STOREFRONT_URL)
  --storefront-order-path PATH    its order page, e.g. /gb/order/{order_id}/confirmed
                                  (env BNPL_STOREFRONT_ORDER_PATH; default /order/{order_id}/confirmed)
  --storefront-checkout-path PATH its checkout page, e.g. /gb/checkout?step=payment
                                  (env BNPL_STOREFRONT_CHECKOUT_PATH; default /checkout?step=payment)
  --store-cors ORIGINS            Medusa's store and auth CORS, comma-separated
                                  (env STORE_CORS; default the storefront's origin)
  --real-credentials              talk to the account in BNPL_MERCHANT_ID, BNPL_SECRET_KEY,
                                  BNPL_BASE_URL (and BNPL_AUTH_URL) instead of the sandbox;
                                  without this flag those variables are ignored
  --skip-build                    start from the last build instead of running npm run build first
Database: DATABASE_URL, else ${DEFAULT_DATABASE_URL} when it answers,
else an embedded PostgreSQL.`

function parse() {
  const { values } = parseArgs({
    options: {
      script: { type: "boolean", default: false },
      "skip-build": { type: "boolean", default: false },
      "embedded-postgres": { type: "boolean", default: false },
      "store-port": { type: "string" },
      "storefront-port": { type: "string" },
      "sandbox-port": { type: "string" },
      "real-credentials": { type: "boolean", default: false },
      "storefront-url": { type: "string", default: process.env.STOREFRONT_URL || undefined },
      "storefront-order-path": { type: "string", default: process.env.BNPL_STOREFRONT_ORDER_PATH || undefined },
      "storefront-checkout-path": { type: "string", default: process.env.BNPL_STOREFRONT_CHECKOUT_PATH || undefined },
      "store-cors": { type: "string", default: process.env.STORE_CORS || undefined },
      help: { type: "boolean", short: "h", default: false },
    },
  })
  const port = (value: string | undefined) => (value === undefined ? undefined : Number(value))
  return {
    ...values,
    ports: { store: port(values["store-port"]), storefront: port(values["storefront-port"]), sandbox: port(values["sandbox-port"]) },
  }
}

/**
 * `npm run demo`: starts the demo stack and waits for Ctrl-C; with `--script`, runs one
 * purchase end to end and exits 0, or 1 at the first failure, stopping the servers either way.
 */
async function main(): Promise<number> {
  const args = parse()
  if (args.help) {
    console.log(USAGE)
    return 0
  }
  let stack: DemoStack | undefined
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the demo…`)
    await (stack ? stack.close() : stopAllChildren())
    process.exit(0)
  }
  process.on("SIGINT", () => void stop("SIGINT"))
  process.on("SIGTERM", () => void stop("SIGTERM"))

  const realCredentials = args["real-credentials"]
  if (realCredentials) {
    if (args.script) {
      console.error("--script confirms on the sandbox's pages: it cannot run with --real-credentials.")
      return 2
    }
    const missing = ["BNPL_MERCHANT_ID", "BNPL_SECRET_KEY", "BNPL_BASE_URL"].filter((name) => !process.env[name])
    if (missing.length) {
      console.error(`--real-credentials needs ${missing.join(", ")} in the environment.`)
      return 2
    }
    console.warn(
      [
        "",
        "!!! --real-credentials: the demo store will use the REAL service account in BNPL_MERCHANT_ID",
        `!!! at ${process.env.BNPL_BASE_URL}. Checkouts, captures and refunds made in this demo are real.`,
        "",
      ].join("\n"),
    )
  }

  const started = Date.now()
  // Loaded only now: the stack brings Medusa's workflows (seconds), which --help does not need.
  const { startDemo } = require("./stack") as typeof import("./stack")
  if (!args["skip-build"]) {
    console.log(`Building the plugin (npm run build, log: ${path.relative(process.cwd(), path.join(DEMO_LOG_DIR, "build.log"))})…`)
    await buildPlugin(DEMO_LOG_DIR)
  }
  // Measured on this project's 2-core machines (demo/README.md, "How long it takes"): 92 s on a new
  // database, 240 s beside other builds; the banner prints this run's own time.
  console.log("Starting the medusa-payment-bnpl demo (on 2 cores about a minute and a half, up to 4 minutes on a busy machine)…")
  stack = await startDemo({
    embeddedPostgres: args["embedded-postgres"],
    storePort: args.ports.store,
    storefrontPort: args.ports.storefront,
    sandboxPort: args.ports.sandbox,
    realCredentials,
    storefrontUrl: args["storefront-url"],
    storefrontOrderPath: args["storefront-order-path"],
    storefrontCheckoutPath: args["storefront-checkout-path"],
    storeCors: args["store-cors"],
    progress: (line) => console.log(`  ${line}`),
  })
  console.log(banner(stack, ((Date.now() - started) / 1000).toFixed(1), args.script))
  if (!args.script) {
    console.log("\nPress Ctrl-C to stop.")
    return new Promise<number>(() => {})
  }

  console.log("\nScripted purchase:")
  const scriptStarted = Date.now()
  try {
    await runScriptedPurchase(stack)
    console.log(`\nThe purchase went through end to end in ${((Date.now() - scriptStarted) / 1000).toFixed(1)} s.`)
    return 0
  } finally {
    stopping = true
    await stack.close()
  }
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(`\nThe demo failed: ${error instanceof Error ? error.message : error}`)
    await stopAllChildren()
    process.exit(1)
  },
)
