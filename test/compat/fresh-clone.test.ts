import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

/**
 * A newcomer's first command: a fresh clone, then the README's install (`npm install`), must
 * leave `git status` clean: the committed package-lock.json is the one npm writes on these
 * machines (other platforms' optional packages included). The clone is of this checkout's
 * HEAD, so the commit under test is what is checked. npm resolves the tree and writes the lock
 * file without unpacking it (`--package-lock-only`): the lock file it writes is the one a full
 * install writes, in a second instead of half a minute and 44 CPU seconds (a lock file missing
 * another platform's optional package, or naming a version range package.json no longer pins,
 * is rewritten either way). CI's own `npm install` on its fresh clone (.ci/run) unpacks the tree.
 * Runs in the compatibility tier (`npm run test:compat`), beside the soak (scripts/test-tiers.js).
 */

// npm reads the manifests from its cache, or from the registry when the cache is empty.
jest.setTimeout(300_000)

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
  execFileSync("npm", ["install", "--package-lock-only", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: clone,
    stdio: "pipe",
    env: { ...process.env, CI: "true" },
  })
  const status = execFileSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" })
  expect(status).toBe("")
})
