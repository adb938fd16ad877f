import fs from "node:fs"
import path from "node:path"
import type { PackageManager } from "./shell"

/**
 * The commands and files the docs give, read from the docs themselves, so that what the
 * install tier runs is what a merchant reads. Each reader throws when the docs lost the block.
 */

const ROOT = path.resolve(__dirname, "../../..")
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

/** The body of the first fenced block of `language` in `text` that passes `test`. */
function fencedBlock(text: string, language: string, test: (code: string) => boolean, where: string): string {
  const block = [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((match) => match[1]).find(test)
  if (block === undefined) throw new Error(`${where} has no \`\`\`${language} block of the kind the install tier runs`)
  return block
}

/** A Markdown table's rows whose first cell is a package manager: the other cells, unquoted. */
function managerRows(text: string): Record<PackageManager, string[]> {
  const rows = text.split("\n").filter((line) => /^\| (npm|pnpm|yarn) \|/.test(line))
  return Object.fromEntries(
    rows.map((row) => {
      const [manager, ...cells] = row
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, ""))
      return [manager, cells]
    }),
  ) as Record<PackageManager, string[]>
}

/** README's Install section: the step-1 `npm pack` block and the table's command per manager. */
export function readmeInstall() {
  const section = /\n## Install\n([\s\S]*?)\n## /.exec(read("README.md"))?.[1] ?? ""
  const packBlock = fencedBlock(section, "bash", () => true, "README.md's Install section")
  const commands = packBlock
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => line.replace(/\s+#.*$/, ""))
  const table = Object.fromEntries(
    Object.entries(managerRows(section)).map(([manager, [app, storefront]]) => [manager, { app, storefront }]),
  )
  return { commands, table: table as Record<PackageManager, { app: string; storefront: string }> }
}

/** README's `medusa-config.ts`, the one block that calls `defineConfig`. */
export function readmeMedusaConfig(): string {
  return fencedBlock(read("README.md"), "ts", (code) => code.includes("defineConfig("), "README.md")
}

/** docs/deploying.md's table: per manager, the build-and-install command and the start command. */
export function deployCommands(): Record<PackageManager, { buildAndInstall: string; start: string }> {
  const rows = managerRows(read("docs/deploying.md"))
  return Object.fromEntries(
    Object.entries(rows).map(([manager, [buildAndInstall, start]]) => [manager, { buildAndInstall, start }]),
  ) as Record<PackageManager, { buildAndInstall: string; start: string }>
}

/** docs/deploying.md's Dockerfile and the `.dockerignore` beside it. */
export function deployDockerfile(): { dockerfile: string; dockerignore: string } {
  const text = read("docs/deploying.md")
  return {
    dockerfile: fencedBlock(text, "dockerfile", (code) => code.includes("FROM "), "docs/deploying.md"),
    dockerignore: fencedBlock(text, "text", (code) => code.includes("node_modules"), "docs/deploying.md"),
  }
}

/** One command of docs/going-live.md: the step's heading number and the command without its comment. */
export interface GoingLiveCommand {
  step: number
  command: string
  /** The line's `# ...` comment, without the `#` (what the docs say it prints), or "". */
  comment: string
}

/** Every line of every ```bash block of docs/going-live.md, with the step it belongs to. */
export function goingLiveCommands(): GoingLiveCommand[] {
  const commands: GoingLiveCommand[] = []
  let step = 0
  let inBash = false
  for (const line of read("docs/going-live.md").split("\n")) {
    const heading = /^## (\d+)\./.exec(line)
    if (heading) step = Number(heading[1])
    if (/^```/.test(line)) inBash = !inBash && line.trim() === "```bash"
    else if (inBash && line.trim() && !line.trim().startsWith("#")) {
      const [, command, comment = ""] = /^(.*?)(?:\s+#\s*(.*))?$/.exec(line.trim())!
      commands.push({ step, command, comment })
    }
  }
  return commands
}

/** The `Check.` paragraph of docs/going-live.md's step `step`, its lines joined by spaces. */
export function goingLiveCheck(step: number): string {
  const section = new RegExp(`\\n## ${step}\\.[^\\n]*\\n([\\s\\S]*?)(?=\\n## |$)`).exec(read("docs/going-live.md"))?.[1] ?? ""
  const check = /\*\*Check\.\*\*([\s\S]*?)(?=\n\n\*\*|$)/.exec(section)?.[1]
  if (!check) throw new Error(`docs/going-live.md's step ${step} has no Check paragraph`)
  return check.replace(/\s+/g, " ").trim()
}
