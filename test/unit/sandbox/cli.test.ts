import { readFileSync } from "node:fs"
import path from "node:path"
import { runCli } from "../../../src/sandbox/cli"

/** Runs the command line as a shell would, keeping what it printed and its exit code. */
async function cli(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  process.exitCode = undefined
  const sandbox = await runCli(argv, { log: (line) => out.push(line), error: (line) => err.push(line) })
  const exitCode = process.exitCode
  process.exitCode = undefined
  await sandbox?.close()
  return { out: out.join("\n"), err: err.join("\n"), exitCode }
}

const version = JSON.parse(readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")).version

describe("the medusa-payment-bnpl command line", () => {
  it("prints the package's version", async () => {
    for (const flag of ["--version", "-v"]) {
      expect(await cli(flag)).toEqual({ out: `medusa-payment-bnpl ${version}`, err: "", exitCode: undefined })
    }
  })

  it("gives the program's help for the bare command, --help and help, listing the commands", async () => {
    const bare = await cli()
    expect(bare.out).toContain("Usage: medusa-payment-bnpl <command>")
    expect(bare.out).toContain("sandbox ")
    expect(bare.out).toContain("--version")
    expect(bare.out).not.toContain("--instalment-days")
    expect(await cli("--help")).toEqual(bare)
    expect(await cli("help")).toEqual(bare)
  })

  it("gives the sandbox's own help, explaining every flag it takes", async () => {
    const help = await cli("sandbox", "--help")
    expect(help.exitCode).toBeUndefined()
    expect(await cli("help", "sandbox")).toEqual(help)
    expect(await cli("sandbox", "-h")).toEqual(help)
    for (const flag of [
      "--port",
      "--host",
      "--public-url",
      "--strict-requests",
      "--prefer-recordings",
      "--instalments",
      "--instalment-days",
    ]) {
      // Each flag on a line of its own, followed by words on what it does.
      expect(help.out).toMatch(new RegExp(`\\n  ${flag}( <[a-z]+>)? +[a-z(]{3,}`))
    }
    expect(help.out).toContain("default 4010")
    expect(help.out).toContain("redirectCheckoutUrl")
  })

  it.each([
    [["--bogus"], "medusa-payment-bnpl: unknown flag --bogus. Run `medusa-payment-bnpl --help` for the commands."],
    [
      ["sandbox", "--bogus"],
      "medusa-payment-bnpl: unknown flag --bogus for sandbox. Run `medusa-payment-bnpl sandbox --help` for its flags.",
    ],
    [["sandbox", "--port"], "medusa-payment-bnpl: --port needs a value. Run `medusa-payment-bnpl sandbox --help` for its flags."],
    [
      ["sandbox", "--port", "http"],
      'medusa-payment-bnpl: --port must be a whole number from 0 to 65535, got "http". Run `medusa-payment-bnpl sandbox --help` for its flags.',
    ],
    [
      ["sandbox", "extra"],
      'medusa-payment-bnpl: unexpected argument "extra" for sandbox. Run `medusa-payment-bnpl sandbox --help` for its flags.',
    ],
    [["sandbx"], 'medusa-payment-bnpl: unknown command "sandbx". Run `medusa-payment-bnpl --help` for the commands.'],
    [["help", "sandbx"], 'medusa-payment-bnpl: unknown command "sandbx". Run `medusa-payment-bnpl --help` for the commands.'],
  ])("answers %j in one plain line with the help's pointer, exit code 2, starting nothing", async (argv, line) => {
    expect(await cli(...argv)).toEqual({ out: "", err: line, exitCode: 2 })
  })

  it("names the flag of an out-of-range instalment count", async () => {
    const { err, exitCode } = await cli("sandbox", "--port", "0", "--instalments", "99")
    expect(exitCode).toBe(2)
    expect(err.split("\n")).toHaveLength(1)
    expect(err).toMatch(/^medusa-payment-bnpl: --instalments .*Run `medusa-payment-bnpl sandbox --help` for its flags\.$/)
  })
})
