import fs from "node:fs"
import path from "node:path"
import { ENDPOINT_NAMES } from "../../../src/client/endpoints"
import { SANDBOX_MERCHANT_IDS } from "../../../src/sandbox-credentials"
import { DEFAULT_SCHEDULES, exclusionsSchema, messageDefaultsSchema, optionsSchema, parseOptions } from "../../../src/options"

/**
 * docs/configuration.md's table of options ("## The options") says what `parseOptions` does
 * (issue 46): every option of `optionsSchema` has one row, no more and no less, and every
 * error its "Start-up error" column quotes is one the code prints. The printed errors are
 * collected by giving `parseOptions` bad values for each option and each nested key (with and
 * without NODE_ENV=production); a documented text matches one of them whole, its `<...>` and
 * `...` standing for text that varies.
 */

const root = path.resolve(__dirname, "../../..")
const DOC = "docs/configuration.md"
const lines = fs.readFileSync(path.join(root, DOC), "utf8").split("\n")

/** The rows of the table under "## The options": the option's name and its error cell. */
function optionRows(): Array<{ line: number; option: string; errors: string }> {
  const start = lines.indexOf("## The options")
  const header = lines.findIndex((line, index) => index > start && line.startsWith("| Option |"))
  const columns = lines[header].split("|").map((cell) => cell.trim())
  const errorColumn = columns.indexOf("Start-up error")
  const rows: Array<{ line: number; option: string; errors: string }> = []
  for (let index = header + 2; lines[index]?.startsWith("|"); index++) {
    // Cells split on `|` outside code spans (a type cell holds `"UK"` \| `"EU"`).
    const cells = lines[index]
      .replace(/\\\|/g, "\u0001")
      .replace(/`[^`]*`/g, (span) => span.replace(/\|/g, "\u0001"))
      .split("|")
    const option = /^`(\w+)`$/.exec(cells[1].trim())?.[1] ?? cells[1].trim()
    rows.push({ line: index + 1, option, errors: cells[errorColumn].replaceAll("\u0001", "|") })
  }
  return rows
}

const BASE = { merchantId: "merchant-1", secretKey: "secret-1", region: "UK", baseUrl: "https://api.example.com" }
const long = (length: number) => "x".repeat(length)
const BAD_VALUES: unknown[] = [
  null,
  "",
  " ",
  0,
  -1,
  1.5,
  11,
  13,
  1001,
  true,
  "x",
  "oauth",
  [],
  [""],
  [1],
  [long(129)],
  Array.from({ length: 501 }, (_, n) => `id-${n}`),
  {},
  { bogus: 1 },
  long(129),
  long(201),
  "http://example.com",
  "https://user:pw@example.com",
  "https://example.com/?q=1",
  "https://example.com/#f",
  "javascript:alert(1)",
  "ftp://example.com",
  "//evil.example/x",
  "/\\evil.example",
  "/a b",
  "/{countryCode}",
  "/{country_code}//evil.example/x",
  "/{cart_id}//evil.example/x",
  "* * *",
  "http://127.0.0.1:4010",
  SANDBOX_MERCHANT_IDS.values().next().value,
]
const NESTED: Record<string, string[]> = {
  exclusions: Object.keys(exclusionsSchema.shape),
  message: Object.keys(messageDefaultsSchema.shape),
  messages: ["fr-FR"],
  timeouts: [...ENDPOINT_NAMES],
  schedules: Object.keys(DEFAULT_SCHEDULES),
}

/** Every error message parseOptions prints for the bad inputs above. */
function printedErrors(): Set<string> {
  const printed = new Set<string>()
  const attempt = (input: Record<string, unknown>) => {
    for (const environment of [{}, { NODE_ENV: "production" }]) {
      try {
        parseOptions(input, environment)
      } catch (error) {
        printed.add((error as Error).message)
      }
    }
  }
  attempt({})
  attempt([] as unknown as Record<string, unknown>)
  for (const option of Object.keys(optionsSchema.shape)) {
    const { [option]: _left, ...without } = BASE as Record<string, unknown>
    attempt(without)
    for (const value of BAD_VALUES) attempt({ ...BASE, [option]: value })
    for (const key of NESTED[option] ?? []) {
      for (const value of [...BAD_VALUES, { bogus: 1 }, { readMs: -1 }, { openMs: 1.5 }, { readMs: "x" }])
        attempt({ ...BASE, [option]: { [key]: value } })
      // Texts with placeholders their key does not have (the per-locale texts of `message` and `messages`).
      for (const texts of [{ available: "{bogus}" }, { cancelled: "{minimum}" }])
        attempt({ ...BASE, [option]: { [key]: option === "message" ? { "fr-FR": texts } : texts } })
    }
  }
  attempt({ ...BASE, authScheme: "oauth" })
  return printed
}

/** A documented error as a pattern: `<...>` and `...` (or `…`) stand for text that varies. */
function patternOf(documented: string): RegExp {
  const pattern = documented
    .split(/(<[^<>]+>|\.\.\.|…)/)
    .map((part, index) => (index % 2 === 1 ? ".+?" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("")
  return new RegExp(`^(medusa-payment-bnpl: )?${pattern}$`, "s")
}

const ROWS = optionRows()

it("lists each option of optionsSchema once, and no other", () => {
  const listed = ROWS.map((row) => row.option)
  const twice = listed.filter((option, index) => listed.indexOf(option) !== index)
  expect(twice.map((option) => `${DOC}: ${option} has more than one row`)).toEqual([])
  expect([...listed].sort()).toEqual(Object.keys(optionsSchema.shape).sort())
})

it("each error the table quotes is one parseOptions prints", () => {
  const printed = [...printedErrors()]
  const documented = ROWS.flatMap((row) =>
    [...row.errors.matchAll(/`([^`]+)`/g)]
      .map((match) => match[1])
      .filter((text) => text.includes('option "'))
      .map((text) => ({ where: `${DOC}:${row.line}`, text })),
  )
  expect(documented.length).toBeGreaterThan(40)
  const unprinted = documented.filter(({ text }) => !printed.some((message) => patternOf(text).test(message)))
  expect(unprinted.map(({ where, text }) => `${where}: ${text}`)).toEqual([])
})

it("a documented error the code does not print is caught (the check itself)", () => {
  const printed = 'medusa-payment-bnpl: option "exclusions.tags.0" must list tag values, none empty'
  expect(patternOf('option "exclusions.<list>.<n>" must list <what>, none empty').test(printed)).toBe(true)
  expect(patternOf('option "exclusions.<list>.<n>" must not be empty').test(printed)).toBe(false)
})
