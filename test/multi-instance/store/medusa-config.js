// The store test/multi-instance/cluster.test.ts runs as a cluster: two `medusa start` servers
// and one worker on one PostgreSQL database and one Redis database, configured as
// docs/operations.md ("Running several instances") says: Medusa's Caching Module with the
// caching-redis provider, the Redis event bus, workflow engine and locking, and workerMode
// from MEDUSA_WORKER_MODE (server or worker). The plugin uses OAuth, so the instances must
// share one access token through the cache.
// REDIS_URL names a Redis database of its own (the test flushes it before it starts).
// BNPL_TEST_SCHEDULE, when set, is every job's schedule (the test makes them tick every 5 s).
// BNPL_TEST_CACHE_MODULE=cache-redis swaps the Caching Module for the older Cache Module on
// Redis, which the plugin still shares through.
const { defineConfig, Modules } = require("@medusajs/framework/utils")
const { redisModules, testHttp } = require("../../../harness/store-config")

const redisUrl = process.env.REDIS_URL
if (!redisUrl) throw new Error("test/multi-instance/store needs REDIS_URL")
const storeUrl = process.env.MEDUSA_BACKEND_URL
const storefrontUrl = process.env.STOREFRONT_URL || "http://storefront.test"
const schedule = process.env.BNPL_TEST_SCHEDULE

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
  ...(schedule
    ? {
        schedules: {
          refreshConfiguration: schedule,
          authorizationExpiry: schedule,
          reconcilePayments: schedule,
          completePendingCarts: schedule,
          repairOrders: schedule,
        },
      }
    : {}),
}

const sharedCache =
  process.env.BNPL_TEST_CACHE_MODULE === "cache-redis"
    ? { resolve: "@medusajs/medusa/cache-redis", key: Modules.CACHE, options: { redisUrl } }
    : undefined

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    redisUrl,
    workerMode: process.env.MEDUSA_WORKER_MODE || "shared",
    http: testHttp("multi-instance-test"),
  },
  admin: { disable: true, backendUrl: storeUrl },
  plugins: [{ resolve: "medusa-payment-bnpl", options: bnplOptions }],
  modules: [
    ...redisModules(redisUrl, { cache: sharedCache }),
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "medusa-payment-bnpl/providers/bnpl", id: "bnpl", options: bnplOptions }],
      },
    },
  ],
})
