import { parseArgs } from "node:util"
import { startSandbox, type Sandbox } from "./server"

const USAGE = `Usage: medusa-payment-bnpl sandbox [--port 4010] [--host 127.0.0.1] [--public-url URL] [--strict-requests]
                                  [--prefer-recordings] [--instalments 4] [--instalment-days 14]

Starts a local sandbox of the buy-now-pay-later Merchant API v2: its endpoints, its consumer
checkout screens and a control API for tests under /__control. Ctrl-C stops it.

  --strict-requests  refuse (422) what the real service merely tolerates: request fields the
                     sandbox does not know (the service ignores them; they are listed in the
                     ledger) and amounts without exactly 2 decimals (the service rounds them)
  --prefer-recordings  where the document and the real service's recorded answers differ,
                     answer as recorded (a Refund of an unknown order: 404 instead of 412)
  --instalments      the number of instalments the consumer screen's payment plan shows (1 to 24)
  --instalment-days  days between two instalments (1 to 366); the first is due today`

/** Where the CLI writes; the console by default, replaceable in tests. */
export interface CliOutput {
  log(message: string): void
  error(message: string): void
}

/**
 * The `medusa-payment-bnpl` command (run by bin/medusa-payment-bnpl.js). `sandbox` starts a
 * sandbox and prints its URLs and its accounts' credentials: they are sandbox credentials,
 * made up for local use, so printing them is safe (the plugin itself never logs a secret).
 * Resolves with the running sandbox, or undefined after printing help or an error.
 */
export async function runCli(argv: string[], output: CliOutput = console): Promise<Sandbox | undefined> {
  const parsed = parseCommandLine(argv, output)
  if (!parsed) return undefined
  const [command] = parsed.positionals
  if (parsed.values.help || command === "help" || command === undefined) {
    output.log(USAGE)
    return undefined
  }
  if (command !== "sandbox") return usageError(output, `Unknown command ${command}\n\n${USAGE}`)
  const port = Number(parsed.values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return usageError(output, `--port must be a whole number from 0 to 65535, got ${parsed.values.port}`)
  }

  let sandbox: Sandbox
  try {
    sandbox = await startSandbox({
      port,
      host: parsed.values.host,
      publicUrl: parsed.values["public-url"],
      strictRequests: parsed.values["strict-requests"],
      preferRecordings: parsed.values["prefer-recordings"],
      paymentSchedule: { instalments: Number(parsed.values.instalments), intervalDays: Number(parsed.values["instalment-days"]) },
    })
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return usageError(output, error.message.replace("paymentSchedule.instalments", "--instalments").replace("paymentSchedule.intervalDays", "--instalment-days"))
  }
  output.log(describeSandbox(sandbox))
  stopOnSignals(sandbox, output)
  return sandbox
}

/** The command line's options and positionals, or undefined after printing the error and the usage. */
function parseCommandLine(argv: string[], output: CliOutput) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: "string", default: "4010" },
        host: { type: "string", default: "127.0.0.1" },
        "public-url": { type: "string" },
        "strict-requests": { type: "boolean", default: false },
        "prefer-recordings": { type: "boolean", default: false },
        instalments: { type: "string", default: "4" },
        "instalment-days": { type: "string", default: "14" },
        help: { type: "boolean", short: "h", default: false },
      },
    })
  } catch (error) {
    return usageError(output, `${(error as Error).message}\n\n${USAGE}`)
  }
}

/** Prints a usage error and sets the exit code 2. */
function usageError(output: CliOutput, message: string): undefined {
  output.error(message)
  process.exitCode = 2
  return undefined
}

/** Closes the sandbox on Ctrl-C or a stop, then exits (1 when closing failed). */
function stopOnSignals(sandbox: Sandbox, output: CliOutput): void {
  const stop = (signal: string) => {
    output.log(`\n${signal}: stopping the sandbox`)
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once("SIGINT", () => stop("SIGINT"))
  process.once("SIGTERM", () => stop("SIGTERM"))
}

/** The start-up banner: URLs and, per account, its region, credentials, currency and limits. */
export function describeSandbox(sandbox: Sandbox): string {
  const lines = [
    "BNPL Merchant API v2 sandbox",
    `  API base URL (baseUrl):   ${sandbox.url}`,
    `  Token service (authUrl):  ${sandbox.authUrl}  (token endpoint ${sandbox.authUrl}/v2/oauth2/token)`,
    `  Control API:              ${sandbox.url}/__control`,
    `  Express library:          ${sandbox.url}/express/library.js`,
    `  Unknown request fields:   ${sandbox.strictRequests ? "refused (422), --strict-requests" : "ignored and listed in the ledger"}`,
    `  Amounts:                  ${sandbox.strictRequests ? "exactly 2 decimals, else refused (422), --strict-requests" : "any decimal, rounded to 2 places"}`,
    `  Document and recordings:  ${sandbox.preferRecordings ? "answers as recorded where they differ, --prefer-recordings" : "answers as the document where they differ"}`,
    "",
    "Accounts (sandbox credentials, safe to share):",
  ]
  for (const account of sandbox.accounts) {
    lines.push(
      `  ${account.region}  merchantId ${account.merchantId}  secretKey ${account.secretKey}  ` +
        `${account.currency} ${account.minimumAmount} to ${account.maximumAmount}`
    )
  }
  lines.push("", "Press Ctrl-C to stop.")
  return lines.join("\n")
}
