import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

/**
 * A newcomer's first command: a fresh clone, then the README's install (`npm install`), must
 * leave `git status` clean: the committed package-lock.json is the one npm writes on these
 * machines (other platforms' optional packages included). The clone is of this checkout's
 * HEAD, so the commit under test is what is checked. npm's cache makes it about a minute
 * (`--prefer-offline` takes what the cache has; the versions are the lock file's either way).
 * Runs in the compatibility tier (`npm run test:compat`), beside the soak (scripts/test-tiers.js).
 */

// A full npm install of Medusa's tree: about a minute from the cache, a few from the registry.
jest.setTimeout(600_000)

const root = path.resolve(__dirname, "../..")
let clone: string

beforeAll(() => {
  clone = mkdtempSync(path.join(tmpdir(), "medusa-payment-bnpl-clone-"))
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", root, clone], { stdio: "pipe" })
})

afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true })
})

it("the README's install on a fresh clone leaves git status clean", () => {
  const readme = readFileSync(path.join(clone, "README.md"), "utf8")
  const tryIt = /## Try it\s+```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? ""
  // The README's install command, as written under "Try it".
  expect(tryIt.split("\n")[0].trim()).toBe("npm install")
  execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: clone,
    stdio: "pipe",
    env: { ...process.env, CI: "true" },
  })
  const status = execFileSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" })
  expect(status).toBe("")
})
