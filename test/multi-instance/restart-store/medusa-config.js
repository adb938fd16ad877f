// The store test/multi-instance/restart.test.ts stops, kills and restarts: one `medusa start`
// server on PostgreSQL with the plugin on OAuth, configured one of two ways:
// - without REDIS_URL, Medusa's defaults: the in-memory cache, event bus, workflow engine and
//   locking (a single server on a laptop or a small host);
// - with REDIS_URL, as docs/operations.md ("Running several instances") says: the Caching
//   Module on caching-redis, the Redis event bus, workflow engine and locking.
// Both run on one database (neither configuration adds tables of its own).
const { defineConfig } = require("@medusajs/framework/utils")
const { redisModules, testHttp } = require("../../../harness/store-config")

const redisUrl = process.env.REDIS_URL || undefined
const storeUrl = process.env.MEDUSA_BACKEND_URL

const bnplOptions = {
  merchantId: "sandbox-uk-merchant",
  secretKey: "sandbox-uk-secret-key",
  region: "UK",
  baseUrl: process.env.BNPL_BASE_URL,
  authUrl: process.env.BNPL_AUTH_URL,
  authScheme: "oauth",
  capture: "manual",
  backendUrl: storeUrl,
  storefrontUrl: process.env.STOREFRONT_URL || "http://storefront.test",
  merchantName: "Restart Store",
  maxRetries: 2,
}

const sharedModules = redisUrl ? redisModules(redisUrl) : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(redisUrl ? { redisUrl } : {}),
    http: testHttp("restart-test"),
  },
  admin: { disable: true, backendUrl: storeUrl },
  plugins: [{ resolve: "medusa-payment-bnpl", options: bnplOptions }],
  modules: [
    ...sharedModules,
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "medusa-payment-bnpl/providers/bnpl", id: "bnpl", options: bnplOptions }],
      },
    },
  ],
})
