// The test store: a plain Medusa 2.21 app that installs medusa-payment-bnpl as a user would
// (resolved as a package from node_modules, i.e. its built .medusa/server output), configured
// with the README's snippet and pointed at the local sandbox.
const { defineConfig } = require("@medusajs/framework/utils")
const { redisCaching, redisLocking } = require("../../../harness/store-config")

const region = process.env.BNPL_REGION || "UK"
const bnplOptions = {
  merchantId: process.env.BNPL_MERCHANT_ID || (region === "UK" ? "sandbox-uk-merchant" : "sandbox-eu-merchant"),
  secretKey: process.env.BNPL_SECRET_KEY || (region === "UK" ? "sandbox-uk-secret-key" : "sandbox-eu-secret-key"),
  region,
  baseUrl: process.env.BNPL_BASE_URL,
  authUrl: process.env.BNPL_AUTH_URL,
  authScheme: process.env.BNPL_AUTH_SCHEME || "basic",
  capture: process.env.BNPL_CAPTURE || "manual",
  // BNPL_ON_ORDER_FAILURE=hold: keep an approval whose order cannot be placed (order-hold test).
  onOrderFailure: process.env.BNPL_ON_ORDER_FAILURE || "void",
  backendUrl: "http://store.test",
  storefrontUrl: "http://storefront.test",
  merchantName: "Test Store",
  maxRetries: 2,
  // BNPL_KEEP_ALIVE_TIMEOUT_MS: the client's idle time-out, for the network-blips test.
  keepAliveTimeoutMs: process.env.BNPL_KEEP_ALIVE_TIMEOUT_MS ? Number(process.env.BNPL_KEEP_ALIVE_TIMEOUT_MS) : undefined,
  expressShippingOptions: ["Express Shipping"],
  // BNPL_COMPLETION_SCHEDULE (setup-env.js: weekly): the completion and repair jobs stay out of
  // the tests' way unless a test runs them itself.
  schedules: process.env.BNPL_COMPLETION_SCHEDULE
    ? { completePendingCarts: process.env.BNPL_COMPLETION_SCHEDULE, repairOrders: process.env.BNPL_COMPLETION_SCHEDULE }
    : undefined,
  // BNPL_EXCLUSIONS: the exclusions option as JSON, for the exclusions test.
  exclusions: process.env.BNPL_EXCLUSIONS ? JSON.parse(process.env.BNPL_EXCLUSIONS) : undefined,
  // BNPL_READ_TIMEOUT_MS: one read time-out (ms) for every endpoint, so that a fault test can
  // make a call time out without waiting the 20-70 s defaults (src/client/timeouts.ts).
  timeouts: process.env.BNPL_READ_TIMEOUT_MS
    ? Object.fromEntries(
        [
          "Get access token",
          "Get Checkout",
          "Create Checkout",
          "Auth",
          "List Payments",
          "Create Refund",
          "Update Shipping Courier",
          "Get Configuration",
          "Capture Payment",
          "Void Payment",
          "Get Payment",
          "Get Payment By Token",
          "Ping",
        ].map((endpoint) => [endpoint, { readMs: Number(process.env.BNPL_READ_TIMEOUT_MS) }]),
      )
    : undefined,
}

// BNPL_ACCOUNTS=both: the store of a merchant selling in GBP and EUR, with the sandbox's UK
// and EU accounts side by side, one payment provider entry each (docs/configuration.md,
// "Several accounts"); the plugin entry then has no options of its own.
const twoAccounts = process.env.BNPL_ACCOUNTS === "both"
const { merchantId: _merchant, secretKey: _secret, region: _region, ...shared } = bnplOptions
const accountEntries = twoAccounts
  ? [
      {
        resolve: "medusa-payment-bnpl/providers/bnpl",
        id: "bnpl-uk",
        options: { ...shared, merchantId: "100101", secretKey: "sandbox-uk-secret-key", region: "UK" },
      },
      {
        resolve: "medusa-payment-bnpl/providers/bnpl",
        id: "bnpl-eu",
        options: {
          ...shared,
          merchantId: "100201",
          secretKey: "sandbox-eu-secret-key",
          region: "EU",
          capture: process.env.BNPL_EU_CAPTURE || shared.capture,
        },
      },
    ]
  : [{ resolve: "medusa-payment-bnpl/providers/bnpl", id: "bnpl", options: bnplOptions }]

// BNPL_TEST_REDIS_URL: the shared cache and the lock on Redis (caching-redis, locking-redis), as a
// store of several instances has them, for the dependency-outages test that cuts Redis off.
const redisUrl = process.env.BNPL_TEST_REDIS_URL
const redisModules = redisUrl ? [redisCaching(redisUrl), redisLocking(redisUrl)] : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: "*",
      adminCors: "*",
      authCors: "*",
      jwtSecret: "integration-test",
      cookieSecret: "integration-test",
    },
  },
  admin: { disable: true },
  plugins: [twoAccounts ? { resolve: "medusa-payment-bnpl", options: {} } : { resolve: "medusa-payment-bnpl", options: bnplOptions }],
  modules: [
    ...redisModules,
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: accountEntries,
      },
    },
  ],
})
