import { readFileSync } from "node:fs"
import path from "node:path"
import { parseArgs } from "node:util"
import { helpFor, PROGRAM } from "./cli-help"
import { startSandbox, type Sandbox } from "./server"

/** Where the CLI writes; replaceable in tests. */
export interface CliOutput {
  log(message: string): void
  error(message: string): void
}

const SANDBOX_FLAGS = {
  port: { type: "string", default: "4010" },
  host: { type: "string", default: "127.0.0.1" },
  "public-url": { type: "string" },
  "strict-requests": { type: "boolean", default: false },
  "prefer-recordings": { type: "boolean", default: false },
  instalments: { type: "string", default: "4" },
  "instalment-days": { type: "string", default: "14" },
  help: { type: "boolean", short: "h", default: false },
} as const
const PROGRAM_FLAGS = {
  help: { type: "boolean", short: "h", default: false },
  version: { type: "boolean", short: "v", default: false },
} as const

/**
 * The `medusa-payment-bnpl` command (docs/sandbox.md "From a shell"). It prints the accounts'
 * credentials: made up for local use, so printing them is safe. A usage error is one line pointing to
 * the help, exit code 2. Resolves with the running sandbox, or undefined.
 */
export async function runCli(argv: string[], output: CliOutput = console): Promise<Sandbox | undefined> {
  const command = argv[0]?.startsWith("-") ? undefined : argv[0]
  if (command === undefined || command === "help") {
    const parsed = parseFlags(command === "help" ? argv.slice(1) : argv, PROGRAM_FLAGS, command === "help", output, undefined)
    if (!parsed) return undefined
    if (parsed.values.version && command === undefined) {
      output.log(`${PROGRAM} ${packageVersion()}`)
      return undefined
    }
    const topic = parsed.positionals[0]
    const help = helpFor(topic)
    if (help) output.log(help)
    else usageError(output, `unknown command ${JSON.stringify(topic)}. Run \`${PROGRAM} --help\` for the commands.`)
    return undefined
  }
  if (command !== "sandbox")
    return usageError(output, `unknown command ${JSON.stringify(command)}. Run \`${PROGRAM} --help\` for the commands.`)

  const parsed = parseFlags(argv.slice(1), SANDBOX_FLAGS, false, output, "sandbox")
  if (!parsed) return undefined
  if (parsed.values.help) {
    output.log(helpFor("sandbox")!)
    return undefined
  }
  const port = Number(parsed.values.port)
  if (!/^\d+$/.test(parsed.values.port) || port > 65535) {
    return usageError(
      output,
      `--port must be a whole number from 0 to 65535, got ${JSON.stringify(parsed.values.port)}. Run \`${PROGRAM} sandbox --help\` for its flags.`,
    )
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
    const message = error.message
      .replace("paymentSchedule.instalments", "--instalments")
      .replace("paymentSchedule.intervalDays", "--instalment-days")
    return usageError(output, `${message}. Run \`${PROGRAM} sandbox --help\` for its flags.`)
  }
  output.log(describeSandbox(sandbox))
  stopOnSignals(sandbox, output)
  return sandbox
}

type Flags = typeof SANDBOX_FLAGS | typeof PROGRAM_FLAGS

/** Parsed flags, or undefined after a one-line error: Node's own messages are written for programmers, not shell users. */
function parseFlags<T extends Flags>(
  args: string[],
  options: T,
  allowPositionals: boolean,
  output: CliOutput,
  command: string | undefined,
) {
  const pointer = command ? `Run \`${PROGRAM} ${command} --help\` for its flags.` : `Run \`${PROGRAM} --help\` for the commands.`
  try {
    return parseArgs({ args, options, allowPositionals, strict: true })
  } catch (error) {
    const { code, message } = error as { code?: string; message: string }
    const named = /'([^']+)'/.exec(message)?.[1] ?? ""
    const where = command ? ` for ${command}` : ""
    const problem =
      code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
        ? `unknown flag ${named}${where}`
        : code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE"
          ? `${named.split(" ")[0]} needs a value`
          : code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL"
            ? `unexpected argument ${JSON.stringify(named)}${where}`
            : message
    return usageError(output, `${problem}. ${pointer}`)
  }
}

function usageError(output: CliOutput, problem: string): undefined {
  output.error(`${PROGRAM}: ${problem}`)
  process.exitCode = 2
  return undefined
}

/** The nearest package.json above that is ours: the source's and the build's depths differ. */
function packageVersion(): string {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"))
      if (manifest.name === PROGRAM) return manifest.version
    } catch {
      // No package.json here, or not ours: look further up.
    }
  }
  return "(version unknown)"
}

/** Closes the sandbox on Ctrl-C or a stop, then exits. */
function stopOnSignals(sandbox: Sandbox, output: CliOutput): void {
  const stop = (signal: string) => {
    output.log(`\n${signal}: stopping the sandbox`)
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once("SIGINT", () => stop("SIGINT"))
  process.once("SIGTERM", () => stop("SIGTERM"))
}

/** The start-up banner: URLs and each account's credentials and limits. */
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
        `${account.currency} ${account.minimumAmount} to ${account.maximumAmount}`,
    )
  }
  lines.push("", "Press Ctrl-C to stop.")
  return lines.join("\n")
}
