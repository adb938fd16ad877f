import { redirectTarget } from "../../harness/http"

/**
 * The consumer on the sandbox's checkout page: loads it, finds the form of the button with
 * id `choice` (`confirm`, `decline`, `cancel`) and submits it, as the browser would. Returns
 * where the service sends the consumer back to (the store's return route).
 */
export async function consumerChooses(checkoutPageUrl: string, choice: "confirm" | "decline" | "cancel"): Promise<URL> {
  const page = await fetch(checkoutPageUrl)
  if (!page.ok) throw new Error(`the consumer page answered ${page.status}`)
  const html = await page.text()
  const form = new RegExp(`<form[^>]*action="([^"]+)"[^>]*>(?:(?!</form>)[\\s\\S])*id="${choice}"`, "i").exec(html)
  if (!form) throw new Error(`no "${choice}" button on the consumer page`)
  const action = new URL(form[1].replace(/&amp;/g, "&"), checkoutPageUrl)
  return redirectTarget(action.toString(), { method: "POST" })
}
