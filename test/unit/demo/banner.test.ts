import { banner } from "../../../demo/banner"
import type { DemoStack } from "../../../demo/stack"

/**
 * The demo's banner (issue 46): a stack that stays up tells the admin login and what to try;
 * `--script` stops the stack seconds after its banner, so it says only what the script does.
 */

const stack = {
  logDir: `${process.cwd()}/test-output/demo`,
  timings: { migrations: 47_000, seed: 12_100, medusa: 24_200 },
  urls: {
    storefront: "http://localhost:8000",
    store: "http://localhost:9000",
    sandbox: "http://localhost:4610",
    sandboxControl: "http://localhost:4610/__control",
  },
  storefront: "demo" as const,
  credentials: "sandbox" as const,
  database: { source: "DATABASE_URL" as const, url: "postgres://postgres:secret@localhost:5432/demo" },
  seed: { admin: { email: "admin@example.com", password: "new-password-1" }, publishableKey: "pk_demo" } as unknown as DemoStack["seed"],
}

it("a stack that stays up: the admin login, the storefront to open and what to try", () => {
  const text = banner(stack, "91.7", false)
  expect(text).toContain("started in 91.7 s: migrations 47.0 s, seed 12.1 s, medusa 24.2 s")
  expect(text).toContain("admin@example.com / new-password-1")
  expect(text).toContain("<- open this")
  expect(text).toContain("Try it:")
  expect(text).not.toContain(":secret@")
})

it("--script: what the script does and where, no password, nothing to open or try", () => {
  const text = banner(stack, "91.7", true)
  expect(text).toContain("the script makes one purchase against it, then stops it")
  expect(text).toContain("http://localhost:9000")
  expect(text).toContain("ledger: http://localhost:4610/__control/ledger")
  expect(text).not.toMatch(/new-password-1|Try it|open this|\/app|Publishable key/)
  expect(text).not.toContain(":secret@")
})
