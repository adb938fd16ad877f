import { Router, type Response } from "express"
import { recordConsumerChoice, returnUrl, type ConsumerChoice } from "./consumer-choice"
import type { SandboxStore, StoredCheckout } from "./state"

const CURRENCY_SYMBOLS: Record<string, string> = { GBP: "£", EUR: "€" }

function escapeHtml(text: unknown): string {
  return String(text ?? "").replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

function formatMoney(money: { amount: string; currency: string } | undefined): string {
  if (!money) return ""
  const symbol = CURRENCY_SYMBOLS[money.currency]
  return symbol ? `${symbol}${money.amount}` : `${money.amount} ${money.currency}`
}

function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f4f6; color: #1d1d1f; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.1); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .amount { font-size: 2rem; font-weight: 600; margin: .5rem 0 1.5rem; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 1.5rem; }
  td { padding: .35rem 0; border-bottom: 1px solid #eee; }
  td.price { text-align: right; white-space: nowrap; }
  form { margin: .5rem 0; }
  button { width: 100%; padding: .8rem; border-radius: 8px; border: 1px solid #1d1d1f; font-size: 1rem; cursor: pointer; background: #fff; }
  button#confirm { background: #1d1d1f; color: #fff; }
  .note { font-size: .8rem; color: #666; margin-top: 1.5rem; }
</style>
</head>
<body><main>
${content}
<p class="note">Local sandbox of the buy-now-pay-later service: no money moves.</p>
</main></body>
</html>`
}

function checkoutPage(store: SandboxStore, checkout: StoredCheckout): string {
  const request = checkout.request
  const merchantName = request.merchant?.name ?? "Sandbox merchant"
  const items = (request.items ?? [])
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.quantity ?? 1)} × ${escapeHtml(item.name ?? item.sku ?? "Item")}</td><td class="price">${escapeHtml(formatMoney(item.price))}</td></tr>`
    )
    .join("\n")
  const action = (choice: string) =>
    `${new URL(store.settings.publicUrl).pathname.replace(/\/$/, "")}/checkout/${encodeURIComponent(checkout.token)}/${choice}`
  const button = (choice: string, id: string, label: string) =>
    `<form method="post" action="${escapeHtml(action(choice))}"><button type="submit" id="${id}">${escapeHtml(label)}</button></form>`
  return page(
    `Pay ${merchantName}`,
    `<h1>Pay ${escapeHtml(merchantName)} later</h1>
<div class="amount" id="amount">${escapeHtml(formatMoney(request.amount))}</div>
${request.consumer?.email ? `<p>Account: <span id="email">${escapeHtml(request.consumer.email)}</span></p>` : ""}
${items ? `<table id="items">${items}</table>` : ""}
${button("confirm", "confirm", "Confirm")}
${button("decline", "decline", "Confirm, card will be declined")}
${button("cancel", "cancel", "Cancel")}`
  )
}

function refuse(res: Response, reason: "unknown" | "expired" | "completed"): void {
  const messages = {
    unknown: [404, "This checkout does not exist."],
    expired: [410, "This checkout has expired. Please return to the shop and start again."],
    completed: [410, "This checkout has already been used."],
  } as const
  const [status, message] = messages[reason]
  res.status(status).type("html").send(page("Checkout unavailable", `<h1 id="error">Checkout unavailable</h1><p>${message}</p>`))
}

/**
 * The consumer screens behind `redirectCheckoutUrl` (merchant-api-v2.md "Checkout"): a page
 * with Confirm, "Confirm, card will be declined" and Cancel. Confirming (either way) sends the
 * consumer to `merchant.redirectConfirmUrl` with `status=SUCCESS`; cancelling to
 * `redirectCancelUrl` with `status=CANCELLED`, both with `orderToken` (303 See Other, so the
 * browser follows with a GET). Without a merchant URL the page says what happened instead.
 */
export function consumerScreenRoutes(store: SandboxStore): Router {
  const router = Router()
  router.get("/checkout/:token", (req, res) => {
    const checkout = store.checkouts.get(req.params.token)
    if (!checkout) return refuse(res, "unknown")
    if (store.isCheckoutExpired(checkout)) return refuse(res, "expired")
    if (checkout.completedAtMs !== undefined) return refuse(res, "completed")
    res.status(200).type("html").send(checkoutPage(store, checkout))
  })

  const choices: Record<string, ConsumerChoice> = { confirm: "approve", decline: "decline", cancel: "cancel" }
  router.post("/checkout/:token/:choice(confirm|decline|cancel)", (req, res) => {
    const choice = choices[req.params.choice]
    const outcome = recordConsumerChoice(store, req.params.token, choice)
    if (!outcome.recorded) return refuse(res, outcome.reason)
    const merchant = outcome.checkout.request.merchant
    const cancelled = choice === "cancel"
    const target = cancelled ? merchant?.redirectCancelUrl : merchant?.redirectConfirmUrl
    if (target) {
      res.redirect(303, returnUrl(target, outcome.checkout.token, cancelled ? "CANCELLED" : "SUCCESS"))
      return
    }
    res
      .status(200)
      .type("html")
      .send(
        page(
          "Checkout",
          `<h1 id="result">${cancelled ? "Payment cancelled" : "Payment confirmed"}</h1><p>The merchant gave no return URL; you can close this page.</p>`
        )
      )
  })
  return router
}
