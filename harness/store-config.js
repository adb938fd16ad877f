// What the test and soak stores' medusa-config.js files share: Medusa's Redis modules for
// servers and a worker on one Redis, and the open CORS of a store that only tests call.
// CommonJS: Medusa loads the configs with require.
const { Modules } = require("@medusajs/framework/utils")

/** Medusa's Caching Module with its Redis provider. */
function redisCaching(redisUrl) {
  return {
    resolve: "@medusajs/medusa/caching",
    key: Modules.CACHING,
    options: { providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }] },
  }
}

/** Medusa's Locking Module with its Redis provider. */
function redisLocking(redisUrl) {
  return {
    resolve: "@medusajs/medusa/locking",
    key: Modules.LOCKING,
    options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true, options: { redisUrl } }] },
  }
}

/** The four modules instances share through Redis (docs/installation.md "Several instances"); `cache` replaces the Caching Module. */
function redisModules(redisUrl, { cache = redisCaching(redisUrl) } = {}) {
  return [
    cache,
    { resolve: "@medusajs/medusa/event-bus-redis", key: Modules.EVENT_BUS, options: { redisUrl } },
    { resolve: "@medusajs/medusa/workflow-engine-redis", key: Modules.WORKFLOW_ENGINE, options: { redis: { redisUrl } } },
    redisLocking(redisUrl),
  ]
}

/** projectConfig.http of a store only tests call: any origin, secrets from the environment or `secret`. */
function testHttp(secret) {
  const value = (name) => process.env[name] || secret
  return { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: value("JWT_SECRET"), cookieSecret: value("COOKIE_SECRET") }
}

module.exports = { redisCaching, redisLocking, redisModules, testHttp }
