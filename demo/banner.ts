import path from "node:path"
import type { DemoStack } from "./stack"

/** The banner: where each part runs; for a stack that stays up, the admin login and what to try. */
export function banner(
  stack: Pick<DemoStack, "logDir" | "timings" | "urls" | "storefront" | "seed" | "credentials" | "database">,
  seconds: string,
  script: boolean,
): string {
  const logs = path.relative(process.cwd(), stack.logDir) || "."
  const steps = Object.entries(stack.timings)
    .filter(([, ms]) => ms >= 1000)
    .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`)
    .join(", ")
  const where = [
    `  BNPL sandbox      ${stack.urls.sandbox}   (ledger: ${stack.urls.sandboxControl}/ledger)`,
    `  Database          ${stack.database.source}: ${stack.database.url.replace(/:[^:@/]+@/, ":***@")}`,
    `  Logs              ${logs}/`,
  ]
  // --script stops the stack seconds after this banner: no login, no "open this", nothing to try.
  if (script) {
    return [
      "",
      `The demo stack started in ${seconds} s (${steps}); the script makes one purchase against it, then stops it:`,
      `  Medusa store      ${stack.urls.store}`,
      ...where,
    ].join("\n")
  }
  return [
    "",
    `medusa-payment-bnpl demo is running (started in ${seconds} s: ${steps}):`,
    stack.storefront === "outside"
      ? `  Storefront        ${stack.urls.storefront}   (yours: start it with this store's URL and publishable key)`
      : `  Storefront        ${stack.urls.storefront}   <- open this`,
    `  Medusa store      ${stack.urls.store}   (reachable from this machine only)`,
    `  Medusa admin      ${stack.urls.store}/app   (login ${stack.seed.admin.email} / ${stack.seed.admin.password}, a new password on every run; an order's "Pay later" box, Settings → Pay later under Extensions)`,
    stack.credentials === "real"
      ? `  BNPL service      REAL ACCOUNT from BNPL_BASE_URL (the sandbox at ${stack.urls.sandbox} is not used)`
      : where[0],
    ...where.slice(1),
    "",
    'Try it: open a product, add it to the cart, check out and choose "Pay later", then Confirm',
    "(or Cancel) on the sandbox's page. The Three-seat Sofa (£1,499) is above the sandbox's",
    `maximum (£1,000), so its checkout offers manual payment only. Publishable key: ${stack.seed.publishableKey}`,
  ].join("\n")
}
