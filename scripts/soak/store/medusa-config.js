// The store the chaos soak (scripts/soak) runs: two `medusa start` servers and one worker on one
// PostgreSQL database and one Redis database, as docs/operations.md ("Running several
// instances") says, like test/multi-instance/store; and, as a merchant selling in GBP and EUR
// does (docs/configuration.md, "Several accounts"), the sandbox's UK account (pp_bnpl_bnpl,
// captured by hand) and EU account (pp_bnpl_bnpl-eu, captured on shipment) side by side.
// REDIS_URL names a Redis database of its own (the soak flushes it). BNPL_TEST_SCHEDULE, when
// set, is every job's schedule.
const { defineConfig } = require("@medusajs/framework/utils")
const { redisModules, testHttp } = require("../../../harness/store-config")

const redisUrl = process.env.REDIS_URL
if (!redisUrl) throw new Error("scripts/soak/store needs REDIS_URL")
const storeUrl = process.env.MEDUSA_BACKEND_URL
const storefrontUrl = process.env.STOREFRONT_URL || "http://storefront.test"
const schedule = process.env.BNPL_TEST_SCHEDULE

const shared = {
  baseUrl: process.env.BNPL_BASE_URL,
  authUrl: process.env.BNPL_AUTH_URL,
  authScheme: "oauth",
  backendUrl: storeUrl,
  storefrontUrl,
  merchantName: "Soak Store",
  maxRetries: 2,
  ...(schedule
    ? {
        schedules: {
          refreshConfiguration: schedule,
          authorizationExpiry: schedule,
          reconcilePayments: schedule,
          completePendingCarts: schedule,
        },
      }
    : {}),
}

const accounts = [
  { id: "bnpl", options: { ...shared, region: "UK", merchantId: "100101", secretKey: "sandbox-uk-secret-key", capture: "manual" } },
  // The EU merchant's contract excludes the tea towel: the soak's swapped-goods shoppers bring it in (scripts/soak/swap-goods.ts).
  {
    id: "bnpl-eu",
    options: {
      ...shared,
      region: "EU",
      merchantId: "100201",
      secretKey: "sandbox-eu-secret-key",
      capture: "on_shipment",
      exclusions: { variantSkus: ["TOWEL-1"] },
    },
  },
]

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: process.env.MEDUSA_WORKER_MODE || "shared",
    http: testHttp("soak-store"),
  },
  admin: { disable: true, backendUrl: storeUrl },
  plugins: [{ resolve: "medusa-payment-bnpl", options: {} }],
  modules: [
    ...redisModules(redisUrl),
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: accounts.map((account) => ({ resolve: "medusa-payment-bnpl/providers/bnpl", ...account })),
      },
    },
  ],
})
