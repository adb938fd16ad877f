import { Router } from "express"
import { ownerOnly } from "../control-guard"
import type { SandboxStore } from "../state"
import { isExpressRefusal, openExpressCheckout } from "./confirmation"
import { expressAnswerRoutes, type ExpressControl } from "./control"
import { expressLibrarySource } from "./library"
import { expressPopupPage, expressRefusalPage, loadingPage } from "./popup-page"
import { screenLocale } from "../screen-words"

/** The express checkout's browser side: the library, the popup's pages, and the routes its buttons post to. */
export function expressScreenRoutes(store: SandboxStore, control: ExpressControl): Router {
  const router = Router()
  const publicUrl = () => store.settings.publicUrl
  const basePath = () => new URL(publicUrl()).pathname.replace(/\/$/, "")

  router.get("/express/library.js", (_req, res) => {
    const origin = new URL(publicUrl()).origin
    res
      .status(200)
      .type("text/javascript; charset=utf-8")
      .set("Cache-Control", "no-cache")
      .send(expressLibrarySource(origin, `${publicUrl()}/express/popup`))
  })
  // `?locale=` (the library adds the shop page's), else the browser's language.
  router.get("/express/popup/loading", (req, res) => {
    res
      .status(200)
      .type("html")
      .send(loadingPage(screenLocale(req.originalUrl, req.get("accept-language"))))
  })
  router.get("/express/popup/:token", (req, res) => {
    const locale = screenLocale(req.originalUrl, req.get("accept-language"))
    const checkout = openExpressCheckout(store, req.params.token)
    if (isExpressRefusal(checkout)) {
      res.status(checkout.status).type("html").send(expressRefusalPage(checkout.message, locale))
      return
    }
    res
      .status(200)
      .type("html")
      .send(expressPopupPage(checkout, basePath(), locale))
  })

  // After the GETs: a popup's navigation is cross-site (the merchant's page sends it there), its POSTs are not.
  router.use("/express/popup", ownerOnly(publicUrl), expressAnswerRoutes(control))
  return router
}
