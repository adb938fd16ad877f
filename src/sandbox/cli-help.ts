// The command line's help texts; docs/sandbox.md "From a shell" gives the same flags.

export const PROGRAM = "medusa-payment-bnpl"

/** `medusa-payment-bnpl`, `--help` or `help`. */
export const PROGRAM_HELP = `Usage: ${PROGRAM} <command> [flags]

The command line of medusa-payment-bnpl, the Medusa v2 plugin for a buy now, pay later
service's Merchant API v2.

Commands:
  sandbox         start a local sandbox of the service (its API, its consumer screens and a
                  control API for tests); \`${PROGRAM} sandbox --help\` lists its flags
  help [command]  this text, or a command's

Flags:
  --version, -v   print the package's version
  --help, -h      print this text`

/** `medusa-payment-bnpl sandbox --help` or `help sandbox`. */
export const SANDBOX_HELP = `Usage: ${PROGRAM} sandbox [flags]

Starts a local sandbox of the buy now, pay later Merchant API v2: its endpoints, its consumer
checkout screens and a control API for tests under /__control, and prints its addresses and
its accounts' sandbox credentials. Ctrl-C stops it.

Flags:
  --port <number>        the TCP port to listen on, 0 to 65535 (default 4010; 0 picks a free one)
  --host <address>       the interface to listen on (default 127.0.0.1, this machine only;
                         0.0.0.0 lets other machines and containers reach it)
  --public-url <url>     the address the sandbox gives out in redirectCheckoutUrl and its
                         screens' links, when browsers reach it through a proxy or a container's
                         published port (default: the address it listens on)
  --strict-requests      refuse (422) what the real service merely tolerates: request fields the
                         sandbox does not know (the service ignores them; they are listed in the
                         ledger) and amounts without exactly 2 decimals (the service rounds them)
  --prefer-recordings    where the document and the real service's recorded answers differ,
                         answer as recorded (a Refund of an unknown order: 404 instead of 412)
  --instalments <n>      the number of instalments the consumer screen's payment plan shows,
                         1 to 24 (default 4)
  --instalment-days <n>  days between two instalments, 1 to 366 (default 14); the first is due today
  --help, -h             print this text`

/** The help text for a command, or undefined. */
export function helpFor(command: string | undefined): string | undefined {
  if (command === undefined) return PROGRAM_HELP
  return command === "sandbox" ? SANDBOX_HELP : undefined
}
