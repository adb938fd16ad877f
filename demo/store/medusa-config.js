// The demo store: a plain Medusa 2.21 app with medusa-payment-bnpl installed as a package
// (demo/store/node_modules/medusa-payment-bnpl links to the package root, so the store loads
// the build in .medusa/server) and configured as docs/configuration.md shows. Every option
// comes from the environment; the defaults are the local sandbox's UK account.
// Redis is left out on purpose: Medusa's in-memory event bus, cache and workflow engine
// are enough for one process on a laptop.
const { defineConfig } = require("@medusajs/framework/utils")

const region = process.env.BNPL_REGION || "UK"
const sandboxUrl = `http://127.0.0.1:${process.env.BNPL_SANDBOX_PORT || 4610}`
const storeUrl = process.env.MEDUSA_BACKEND_URL || `http://localhost:${process.env.PORT || 9000}`
const storefrontUrl = process.env.STOREFRONT_URL || "http://localhost:8000"

const bnplOptions = {
  merchantId: process.env.BNPL_MERCHANT_ID || (region === "UK" ? "sandbox-uk-merchant" : "sandbox-eu-merchant"),
  secretKey: process.env.BNPL_SECRET_KEY || (region === "UK" ? "sandbox-uk-secret-key" : "sandbox-eu-secret-key"),
  region,
  baseUrl: process.env.BNPL_BASE_URL || sandboxUrl,
  authUrl: process.env.BNPL_AUTH_URL || `${sandboxUrl}/oauth`,
  authScheme: process.env.BNPL_AUTH_SCHEME || "basic",
  capture: process.env.BNPL_CAPTURE || "manual",
  backendUrl: storeUrl,
  storefrontUrl,
  // The Next.js example (examples/nextjs) routes every page under /{country_code}.
  ...(process.env.BNPL_STOREFRONT_ORDER_PATH ? { storefrontOrderPath: process.env.BNPL_STOREFRONT_ORDER_PATH } : {}),
  ...(process.env.BNPL_STOREFRONT_CHECKOUT_PATH ? { storefrontCheckoutPath: process.env.BNPL_STOREFRONT_CHECKOUT_PATH } : {}),
  merchantName: "Demo Store",
  expressShippingOptions: ["Express Shipping"],
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: storefrontUrl,
      adminCors: storefrontUrl,
      authCors: storefrontUrl,
      jwtSecret: process.env.JWT_SECRET || "demo-only-jwt-secret",
      cookieSecret: process.env.COOKIE_SECRET || "demo-only-cookie-secret",
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
    backendUrl: storeUrl,
    // The store's packages live in the repository's node_modules, above this app: let Vite
    // serve the dashboard's fonts from there.
    vite: () => ({ server: { fs: { allow: [require("node:path").resolve(__dirname, "../..")] } } }),
  },
  plugins: [{ resolve: "medusa-payment-bnpl", options: bnplOptions }],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [{ resolve: "medusa-payment-bnpl/providers/bnpl", id: "bnpl", options: bnplOptions }],
      },
    },
  ],
})
