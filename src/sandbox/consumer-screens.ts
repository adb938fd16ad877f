import { Router, type Response } from "express"
import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import { recordConsumerChoice, returnUrl, type ConsumerChoice } from "./consumer-choice"
import { paymentSchedule } from "./payment-schedule"
import { escapeHtml, formatMoney, page } from "./screen-page"
import type { SandboxStore, StoredCheckout } from "./state"

// Dates as a UK or European consumer reads them: "25 Nov 2026", never 11/25/2026.
const DUE_DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })

function formatMinor(minor: bigint, currency: string): string {
  return formatMoney({ amount: minorUnitsToApiAmount(minor), currency })
}

// The order as the consumer checks it before confirming: each item (quantity × unit price),
// the discounts, shipping, tax and the total, as the service's own screens list them.
function orderTable(checkout: StoredCheckout): string {
  const request = checkout.request
  const currency = request.amount.currency
  const row = (id: string, label: string, minor: bigint, className = "") =>
    `<tr id="${id}"${className ? ` class="${className}"` : ""}><td>${label}</td><td class="price">${escapeHtml(
      minor < 0n ? `-${formatMinor(-minor, currency)}` : formatMinor(minor, currency)
    )}</td></tr>`
  const minor = (money: { amount: string } | undefined) => (money ? apiAmountToMinorUnits(money.amount) : 0n)
  const rows: string[] = []
  let sum = 0n
  ;(request.items ?? []).forEach((item, index) => {
    const quantity = item.quantity ?? 1
    const line = minor(item.price) * BigInt(quantity)
    sum += line
    const each = quantity === 1 || !item.price ? "" : ` <span class="muted">(${escapeHtml(formatMoney(item.price))} each)</span>`
    rows.push(row(`item-${index}`, `${escapeHtml(quantity)} × ${escapeHtml(item.name ?? item.sku ?? "Item")}${each}`, line))
  })
  ;(request.discounts ?? []).forEach((discount, index) => {
    sum -= minor(discount.amount)
    rows.push(row(`discount-${index}`, `Discount${discount.displayName ? `: ${escapeHtml(discount.displayName)}` : ""}`, -minor(discount.amount)))
  })
  if (request.shippingAmount) {
    sum += minor(request.shippingAmount)
    rows.push(row("shipping", "Shipping", minor(request.shippingAmount)))
  }
  const total = minor(request.amount)
  if (request.taxAmount) {
    // Prices with tax included (a UK or EU store) already add up to the total.
    const included = sum === total
    rows.push(row("tax", included ? "Tax (included)" : "Tax", minor(request.taxAmount), included ? "muted" : ""))
  }
  rows.push(row("total", "Total", total, "total"))
  return `<table id="order">${rows.join("\n")}</table>`
}

// The instalment plan: how many, how much and when (SandboxOptions.paymentSchedule).
function scheduleTable(store: SandboxStore, checkout: StoredCheckout): string {
  const currency = checkout.request.amount.currency
  const rule = store.settings.paymentSchedule
  const instalments = paymentSchedule(apiAmountToMinorUnits(checkout.request.amount.amount), store.clock.nowMs(), rule)
  const every = rule.intervalDays === 14 ? "every two weeks" : rule.intervalDays === 7 ? "every week" : `every ${rule.intervalDays} days`
  const rows = instalments.map(
    (instalment, index) =>
      `<tr><td>${index === 0 ? "Today" : escapeHtml(DUE_DATE.format(instalment.dueAtMs))}</td><td class="price">${escapeHtml(formatMinor(instalment.amountMinor, currency))}</td></tr>`
  )
  const summary = rule.instalments === 1 ? "1 payment, today" : `${rule.instalments} payments, the first today, then ${every}`
  return `<h2>Your payment plan</h2><p id="schedule-summary">${escapeHtml(summary)}</p><table id="schedule">${rows.join("\n")}</table>`
}

function checkoutPage(store: SandboxStore, checkout: StoredCheckout): string {
  const request = checkout.request
  const merchantName = request.merchant?.name ?? "Sandbox merchant"
  const action = (choice: string) =>
    `${new URL(store.settings.publicUrl).pathname.replace(/\/$/, "")}/checkout/${encodeURIComponent(checkout.token)}/${choice}`
  const button = (choice: string, id: string, label: string) =>
    `<form method="post" action="${escapeHtml(action(choice))}"><button type="submit" id="${id}">${escapeHtml(label)}</button></form>`
  return page(
    `Pay ${merchantName}`,
    `<h1>Pay ${escapeHtml(merchantName)} later</h1>
<div class="amount" id="amount">${escapeHtml(formatMoney(request.amount))}</div>
${request.consumer?.email ? `<p>Account: <span id="email">${escapeHtml(request.consumer.email)}</span></p>` : ""}
<h2>Your order</h2>
${orderTable(checkout)}
${scheduleTable(store, checkout)}
${button("confirm", "confirm", "Confirm")}
${button("decline", "decline", "Confirm, card will be declined")}
${button("cancel", "cancel", "Cancel")}`
  )
}

function refuse(res: Response, reason: "unknown" | "expired" | "completed" | "express"): void {
  const messages = {
    unknown: [404, "This checkout does not exist."],
    express: [409, "This is an express checkout: it is confirmed in the popup the merchant's page opens."],
    expired: [410, "This checkout has expired. Please return to the shop and start again."],
    completed: [410, "This checkout has already been used."],
  } as const
  const [status, message] = messages[reason]
  res.status(status).type("html").send(page("Checkout unavailable", `<h1 id="error">Checkout unavailable</h1><p>${message}</p>`))
}

/**
 * The consumer screens behind `redirectCheckoutUrl` (docs/service-api.md "Checkout"): a page
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
    if (checkout.request.mode === "express") return refuse(res, "express")
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
