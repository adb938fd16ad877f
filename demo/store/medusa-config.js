// The demo store: a plain Medusa 2.21 app with medusa-payment-bnpl installed as a package
// (demo/store/node_modules/medusa-payment-bnpl links to the package root, so the store loads
// the build in .medusa/server) and configured as docs/configuration.md shows. Every option
// comes from the environment; the defaults are the local sandbox's UK account.
// Redis is left out on purpose: Medusa's in-memory event bus, cache and workflow engine
// are enough for one process on a laptop.
// Safe on a shared network (demo/README.md, "Safe on a shared network"): harness/medusa-store.ts starts Medusa
// on 127.0.0.1 and gives every run new JWT_SECRET and COOKIE_SECRET; there is no constant
// fallback. The service account is the sandbox's unless BNPL_DEMO_CREDENTIALS is "real"
// (`npm run demo -- --real-credentials`), which takes BNPL_MERCHANT_ID, BNPL_SECRET_KEY,
// BNPL_BASE_URL and BNPL_AUTH_URL from the environment.
const { defineConfig } = require("@medusajs/framework/utils")

function required(name) {
  const value = process.env[name]
  if (!value) throw new Error(`demo/store/medusa-config.js: ${name} is not set; start the store with \`npm run demo\`.`)
  return value
}

const region = process.env.BNPL_REGION || "UK"
const realCredentials = process.env.BNPL_DEMO_CREDENTIALS === "real"
const sandboxUrl = process.env.BNPL_BASE_URL || `http://127.0.0.1:${process.env.BNPL_SANDBOX_PORT || 4610}`
const storeUrl = process.env.MEDUSA_BACKEND_URL || `http://localhost:${process.env.PORT || 9000}`
const storefrontUrl = process.env.STOREFRONT_URL || "http://localhost:8000"
// The storefront's pages and origins (npm run demo -- --storefront-url, --storefront-order-path,
// --storefront-checkout-path, --store-cors): a starter's paths, e.g. /gb/order/{order_id}/confirmed.
// localhost and 127.0.0.1 are the same machine but two origins to a browser: a page opened at
// either one is let in, whichever the person typed.
function withLoopbackTwins(origins) {
  const all = new Set()
  for (const origin of origins) {
    all.add(origin)
    const url = new URL(origin)
    const twin = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname]
    if (twin) all.add(`${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`)
  }
  return [...all].join(",")
}
const storeCors = withLoopbackTwins((process.env.STORE_CORS || new URL(storefrontUrl).origin).split(","))
// The admin dashboard is served by the store itself (<store>/app), at localhost or 127.0.0.1.
const adminCors = withLoopbackTwins([new URL(storeUrl).origin])
const storefrontPaths = {
  ...(process.env.BNPL_STOREFRONT_ORDER_PATH ? { storefrontOrderPath: process.env.BNPL_STOREFRONT_ORDER_PATH } : {}),
  ...(process.env.BNPL_STOREFRONT_CHECKOUT_PATH ? { storefrontCheckoutPath: process.env.BNPL_STOREFRONT_CHECKOUT_PATH } : {}),
}

const account = realCredentials
  ? {
      merchantId: required("BNPL_MERCHANT_ID"),
      secretKey: required("BNPL_SECRET_KEY"),
      baseUrl: required("BNPL_BASE_URL"),
      authUrl: process.env.BNPL_AUTH_URL || undefined,
    }
  : {
      merchantId: region === "UK" ? "sandbox-uk-merchant" : "sandbox-eu-merchant",
      secretKey: region === "UK" ? "sandbox-uk-secret-key" : "sandbox-eu-secret-key",
      baseUrl: sandboxUrl,
      authUrl: `${sandboxUrl}/oauth`,
    }

const bnplOptions = {
  ...account,
  region,
  authScheme: process.env.BNPL_AUTH_SCHEME || "basic",
  capture: process.env.BNPL_CAPTURE || "manual",
  backendUrl: storeUrl,
  storefrontUrl,
  ...storefrontPaths,
  merchantName: "Demo Store",
  expressShippingOptions: ["Express Shipping"],
}

// With the sandbox, the store sells in GBP and EUR through two accounts side by side, one
// payment provider entry each (docs/configuration.md, "Several accounts"): the UK account as
// "bnpl" (pp_bnpl_bnpl, the id a single-account store has) and the EU account as "bnpl-eu".
// With real credentials, the one account they name.
const { merchantId: _merchant, secretKey: _secret, authUrl: _authUrl, region: _region, ...shared } = bnplOptions
const accounts = realCredentials
  ? [{ id: "bnpl", options: bnplOptions }]
  : [
      {
        id: "bnpl",
        options: { ...shared, merchantId: "100101", secretKey: "sandbox-uk-secret-key", authUrl: `${sandboxUrl}/oauth`, region: "UK" },
      },
      {
        id: "bnpl-eu",
        options: { ...shared, merchantId: "100201", secretKey: "sandbox-eu-secret-key", authUrl: `${sandboxUrl}/oauth`, region: "EU" },
      },
    ]

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors,
      adminCors,
      authCors: `${storeCors},${adminCors}`,
      jwtSecret: required("JWT_SECRET"),
      cookieSecret: required("COOKIE_SECRET"),
    },
    // The demo is served over plain http: a Secure session cookie would never come back, and
    // the admin dashboard could not log in.
    cookieOptions: { secure: false },
  },
  // The admin dashboard at <store>/app, with the plugin's widget and "Pay later" settings page
  // (loaded through the package's "./admin" export). The demo runs Medusa in development mode,
  // so the dashboard is served by Vite on demand: nothing to build beforehand.
  // BNPL_DEMO_ADMIN=false leaves it out.
  admin: {
    disable: process.env.BNPL_DEMO_ADMIN === "false",
    // "/": the dashboard calls the server that served it, so it works at localhost and at
    // 127.0.0.1 alike. A full URL (Medusa's default is MEDUSA_BACKEND_URL) would be called
    // from the other host's page too, cross-origin, and the login form would not load.
    backendUrl: "/",
    // The base of the order page's "Copy payment link" (`{storefrontUrl}/payment-collection/{id}?order_id=`):
    // the demo storefront serves that page (docs/storefront.md "The payment link page").
    storefrontUrl,
    // The store's packages live in the repository's node_modules, above this app: let Vite
    // serve the dashboard's fonts from there.
    vite: () => ({ server: { fs: { allow: [require("node:path").resolve(__dirname, "../..")] } } }),
  },
  plugins: [{ resolve: "medusa-payment-bnpl", options: realCredentials ? bnplOptions : {} }],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: accounts.map((account) => ({ resolve: "medusa-payment-bnpl/providers/bnpl", ...account })),
      },
    },
  ],
})
