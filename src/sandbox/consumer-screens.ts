import { Router, type Response } from "express"
import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import { recordConsumerChoice, returnUrl, type ConsumerChoice } from "./consumer-choice"
import { paymentSchedule } from "./payment-schedule"
import { escapeHtml, formatMoney, page } from "./screen-page"
import { say, screenLocale, screenWords, type ScreenLocale } from "./screen-words"
import type { SandboxStore, StoredCheckout } from "./state"

// Dates as a UK or European consumer reads them ("25 Nov 2026", "25 nov. 2026"), never 11/25/2026.
const dueDate = (locale: ScreenLocale) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })

function formatMinor(minor: bigint, currency: string, locale: ScreenLocale): string {
  return formatMoney({ amount: minorUnitsToApiAmount(minor), currency }, locale)
}

function orderTable(checkout: StoredCheckout, locale: ScreenLocale): string {
  const words = screenWords(locale)
  const request = checkout.request
  const currency = request.amount.currency
  const row = (id: string, label: string, minor: bigint, className = "") =>
    `<tr id="${id}"${className ? ` class="${className}"` : ""}><td>${label}</td><td class="price">${escapeHtml(
      minor < 0n ? `-${formatMinor(-minor, currency, locale)}` : formatMinor(minor, currency, locale),
    )}</td></tr>`
  const minor = (money: { amount: string } | undefined) => (money ? apiAmountToMinorUnits(money.amount) : 0n)
  const rows: string[] = []
  let sum = 0n
  ;(request.items ?? []).forEach((item, index) => {
    const quantity = item.quantity ?? 1
    const line = minor(item.price) * BigInt(quantity)
    sum += line
    const each =
      quantity === 1 || !item.price
        ? ""
        : ` <span class="muted">${escapeHtml(say(words.each, { price: formatMoney(item.price, locale) }))}</span>`
    rows.push(row(`item-${index}`, `${escapeHtml(quantity)} × ${escapeHtml(item.name ?? item.sku ?? words.item)}${each}`, line))
  })
  ;(request.discounts ?? []).forEach((discount, index) => {
    sum -= minor(discount.amount)
    rows.push(
      row(
        `discount-${index}`,
        `${escapeHtml(words.discount)}${discount.displayName ? `: ${escapeHtml(discount.displayName)}` : ""}`,
        -minor(discount.amount),
      ),
    )
  })
  if (request.shippingAmount) {
    sum += minor(request.shippingAmount)
    rows.push(row("shipping", escapeHtml(words.shipping), minor(request.shippingAmount)))
  }
  const total = minor(request.amount)
  if (request.taxAmount) {
    // Prices with tax included (a UK or EU store) already add up to the total.
    const included = sum === total
    rows.push(row("tax", escapeHtml(included ? words.taxIncluded : words.tax), minor(request.taxAmount), included ? "muted" : ""))
  }
  rows.push(row("total", escapeHtml(words.total), total, "total"))
  return `<table id="order">${rows.join("\n")}</table>`
}

function scheduleTable(store: SandboxStore, checkout: StoredCheckout, locale: ScreenLocale): string {
  const words = screenWords(locale)
  const currency = checkout.request.amount.currency
  const rule = store.settings.paymentSchedule
  const instalments = paymentSchedule(apiAmountToMinorUnits(checkout.request.amount.amount), store.clock.nowMs(), rule)
  const every =
    rule.intervalDays === 14
      ? words.everyTwoWeeks
      : rule.intervalDays === 7
        ? words.everyWeek
        : say(words.everyDays, { days: rule.intervalDays })
  const dates = dueDate(locale)
  const rows = instalments.map(
    (instalment, index) =>
      `<tr><td>${escapeHtml(index === 0 ? words.today : dates.format(instalment.dueAtMs))}</td><td class="price">${escapeHtml(formatMinor(instalment.amountMinor, currency, locale))}</td></tr>`,
  )
  const summary = rule.instalments === 1 ? words.onePayment : say(words.payments, { count: rule.instalments, every })
  return `<h2>${escapeHtml(words.plan)}</h2><p id="schedule-summary">${escapeHtml(summary)}</p><table id="schedule">${rows.join("\n")}</table>`
}

function checkoutPage(store: SandboxStore, checkout: StoredCheckout, locale: ScreenLocale): string {
  const words = screenWords(locale)
  const request = checkout.request
  const merchantName = request.merchant?.name ?? "Sandbox merchant"
  // The answer's page (a refusal, or no return URL) in the same language.
  const query = locale === "en-GB" ? "" : `?locale=${locale}`
  const action = (choice: string) =>
    `${new URL(store.settings.publicUrl).pathname.replace(/\/$/, "")}/checkout/${encodeURIComponent(checkout.token)}/${choice}${query}`
  const button = (choice: string, id: string, label: string) =>
    `<form method="post" action="${escapeHtml(action(choice))}"><button type="submit" id="${id}">${escapeHtml(label)}</button></form>`
  return page(
    say(words.pay, { merchant: merchantName }),
    `<h1>${escapeHtml(say(words.payLater, { merchant: merchantName }))}</h1>
<div class="amount" id="amount">${escapeHtml(formatMoney(request.amount, locale))}</div>
${request.consumer?.email ? `<p>${escapeHtml(words.account)} <span id="email">${escapeHtml(request.consumer.email)}</span></p>` : ""}
<h2>${escapeHtml(words.yourOrder)}</h2>
${orderTable(checkout, locale)}
${scheduleTable(store, checkout, locale)}
${button("confirm", "confirm", words.confirm)}
${button("decline", "decline", words.decline)}
${button("cancel", "cancel", words.cancel)}`,
    { locale },
  )
}

function refuse(res: Response, reason: "unknown" | "expired" | "completed" | "express", locale: ScreenLocale): void {
  const words = screenWords(locale)
  const status = { unknown: 404, express: 409, expired: 410, completed: 410 }[reason]
  res
    .status(status)
    .type("html")
    .send(page(words.unavailable, `<h1 id="error">${escapeHtml(words.unavailable)}</h1><p>${escapeHtml(words[reason])}</p>`, { locale }))
}

/**
 * The consumer screens behind `redirectCheckoutUrl`. Confirm and Cancel send the consumer to the
 * merchant's URL with 303 See Other, so the browser follows with a GET; without one the page says what happened.
 */
export function consumerScreenRoutes(store: SandboxStore): Router {
  const router = Router()
  router.get("/checkout/:token", (req, res) => {
    const locale = screenLocale(req.originalUrl, req.get("accept-language"))
    const checkout = store.checkouts.get(req.params.token)
    if (!checkout) return refuse(res, "unknown", locale)
    if (checkout.request.mode === "express") return refuse(res, "express", locale)
    if (store.isCheckoutExpired(checkout)) return refuse(res, "expired", locale)
    if (checkout.completedAtMs !== undefined) return refuse(res, "completed", locale)
    res
      .status(200)
      .type("html")
      .send(checkoutPage(store, checkout, locale))
  })

  const choices: Record<string, ConsumerChoice> = { confirm: "approve", decline: "decline", cancel: "cancel" }
  router.post("/checkout/:token/:choice(confirm|decline|cancel)", (req, res) => {
    const choice = choices[req.params.choice]
    const locale = screenLocale(req.originalUrl, req.get("accept-language"))
    const words = screenWords(locale)
    const outcome = recordConsumerChoice(store, req.params.token, choice)
    if (!outcome.recorded) return refuse(res, outcome.reason, locale)
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
          words.checkout,
          `<h1 id="result">${escapeHtml(cancelled ? words.cancelled : words.confirmed)}</h1><p>${escapeHtml(words.noReturnUrl)}</p>`,
          { locale },
        ),
      )
  })
  return router
}
