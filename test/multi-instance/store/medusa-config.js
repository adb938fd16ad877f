// The store test/multi-instance/two-instances.test.ts starts twice: two `medusa start`
// processes on one PostgreSQL database and one Redis, configured for several instances as
// docs/operations.md ("Several server instances") says: Medusa's Redis cache, event bus,
// workflow engine and locking, and projectConfig.redisUrl. The plugin uses OAuth, so the
// instances must share one access token through the cache module.
// REDIS_URL names a Redis database of its own (the test flushes it before it starts).
const { defineConfig, Modules } = require("@medusajs/framework/utils")

const redisUrl = process.env.REDIS_URL
if (!redisUrl) throw new Error("test/multi-instance/store needs REDIS_URL")
const storeUrl = process.env.MEDUSA_BACKEND_URL
const storefrontUrl = process.env.STOREFRONT_URL || "http://storefront.test"

const bnplOptions = {
  merchantId: "sandbox-uk-merchant",
  secretKey: "sandbox-uk-secret-key",
  region: "UK",
  baseUrl: process.env.BNPL_BASE_URL,
  authUrl: process.env.BNPL_AUTH_URL,
  authScheme: "oauth",
  capture: "manual",
  backendUrl: storeUrl,
  storefrontUrl,
  merchantName: "Multi-instance Store",
  maxRetries: 2,
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    http: {
      storeCors: "*",
      adminCors: "*",
      authCors: "*",
      jwtSecret: "multi-instance-test",
      cookieSecret: "multi-instance-test",
    },
  },
  admin: { disable: true, backendUrl: storeUrl },
  plugins: [{ resolve: "medusa-payment-bnpl", options: bnplOptions }],
  modules: [
    { resolve: "@medusajs/medusa/cache-redis", key: Modules.CACHE, options: { redisUrl } },
    { resolve: "@medusajs/medusa/event-bus-redis", key: Modules.EVENT_BUS, options: { redisUrl } },
    { resolve: "@medusajs/medusa/workflow-engine-redis", key: Modules.WORKFLOW_ENGINE, options: { redis: { redisUrl } } },
    {
      resolve: "@medusajs/medusa/locking",
      key: Modules.LOCKING,
      options: {
        providers: [
          { resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "medusa-payment-bnpl/providers/bnpl", id: "bnpl", options: bnplOptions }],
      },
    },
  ],
})
