import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

const { longFunctions } = require("../../../scripts/function-lengths") as {
  longFunctions: (root: string, files: string[], maxLines: number) => string[]
}

const body = (lines: number) => Array.from({ length: lines }, (_, index) => `  const value${index} = ${index}`).join("\n")

describe("check:layout's function-length rule", () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "function-lengths-"))
    writeFileSync(path.join(root, "long.ts"), `export function tooLong() {\n${body(59)}\n}\nexport const short = () => {\n${body(10)}\n}\n`)
    writeFileSync(path.join(root, "fits.ts"), `export function fits() {\n${body(58)}\n}\n`)
    const markup = Array.from({ length: 80 }, (_, index) => `      <li>${index}</li>`).join("\n")
    writeFileSync(path.join(root, "page.tsx"), `export function Page() {\n  return (\n    <ul>\n${markup}\n    </ul>\n  )\n}\n`)
    const text = Array.from({ length: 80 }, (_, index) => `line ${index}`).join("\n")
    writeFileSync(path.join(root, "message.ts"), `export function message() {\n  return \`${text}\`\n}\n`)
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it("names each function over the limit with its file, line and length", () => {
    expect(longFunctions(root, ["long.ts", "fits.ts"], 60)).toEqual(["long.ts:1 tooLong: 61 lines"])
  })

  it("does not count JSX markup or template strings", () => {
    expect(longFunctions(root, ["page.tsx", "message.ts"], 60)).toEqual([])
  })
})
