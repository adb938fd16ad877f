import { createServer, type Server } from "node:http"
import path from "node:path"
import express from "express"

/** What the storefront page needs to call the store API. */
export interface StorefrontSettings {
  port: number
  /** Bind address; default 127.0.0.1 (the demo is for this machine). */
  host?: string
  /** The Medusa store's URL as the browser sees it. */
  storeUrl: string
  publishableKey: string
  /** The regions the shopper can switch between; the first is the default. */
  regions: Array<{ id: string; name: string; currency: string; countryCode: string; countryName: string }>
  /** The service's express library (the sandbox's `/express/library.js`); without it, no express button. */
  expressLibraryUrl?: string
}

export interface RunningStorefront {
  close(): Promise<void>
}

const PUBLIC_DIR = path.join(__dirname, "public")
// The package's storefront kit from the build (medusa-payment-bnpl/storefront, an ES module
// that imports nothing), for app.js to import as a browser module.
const STOREFRONT_KIT = path.resolve(__dirname, "../../packages/storefront-kit/dist/index.mjs")
// The pages app.js renders; each is served the same HTML shell.
const PAGES = ["/", "/products/:handle", "/cart", "/checkout", "/order/:id/confirmed", "/payment-collection/:id"]

/**
 * The demo storefront: static HTML and JavaScript with no build step, calling Medusa's store
 * API from the browser as any storefront does. The order page sits at the plugin's default
 * `storefrontOrderPath` (/order/{order_id}/confirmed), the checkout at its default
 * `storefrontCheckoutPath` (/checkout?step=payment), so the return route needs no options.
 */
export async function startStorefront(settings: StorefrontSettings): Promise<RunningStorefront> {
  const app = express()
  app.disable("x-powered-by")
  app.get("/config.js", (_req, res) => {
    const config = {
      storeUrl: settings.storeUrl,
      publishableKey: settings.publishableKey,
      regions: settings.regions,
      expressLibraryUrl: settings.expressLibraryUrl,
    }
    res.type("application/javascript").send(`window.DEMO = ${JSON.stringify(config)}\n`)
  })
  app.get(PAGES, (_req, res) => res.sendFile(path.join(PUBLIC_DIR, "index.html")))
  app.get("/kit/storefront.mjs", (_req, res) => res.type("application/javascript").sendFile(STOREFRONT_KIT))
  app.get("/favicon.ico", (_req, res) => res.status(204).end())
  app.use(express.static(PUBLIC_DIR, { index: false }))

  const server: Server = createServer(app)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(settings.port, settings.host ?? "127.0.0.1", resolve)
  })
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
