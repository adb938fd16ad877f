import path from "node:path"

// Medusa's own file-route loader (not exported by name), so the walk sees the routes as Medusa registers them.
const { RoutesLoader } = require(path.join(path.dirname(require.resolve("@medusajs/framework/http")), "routes-loader.js")) as {
  RoutesLoader: new () => { scanDir(dir: string): Promise<void>; getRoutes(): Array<{ method: string; matcher: string }> }
}

/** Every route of `method` Medusa loads from the integration store's installed plugin under /admin/bnpl. */
export async function pluginAdminRoutes(method: "GET" | "POST" = "POST"): Promise<string[]> {
  const loader = new RoutesLoader()
  await loader.scanDir(path.join(__dirname, "../integration/store/node_modules/medusa-payment-bnpl/.medusa/server/src/api"))
  return loader
    .getRoutes()
    .filter((route) => route.method === method && route.matcher.startsWith("/admin/bnpl/"))
    .map((route) => route.matcher)
}
