import { escapeHtml, formatMoney, page } from "../screen-page"
import { say, screenWords, type ScreenLocale } from "../screen-words"
import type { StoredCheckout } from "../state"
import { EXPRESS_ADDRESS_PRESETS, type ExpressAddressPreset } from "./addresses"
import { EXPRESS_POPUP_SCRIPT } from "./popup-script"

/** How long the popup waits for the shop's shipping options before saying it did not answer. */
export const EXPRESS_ANSWER_TIMEOUT_MS = 10_000

const POPUP_STYLE = `  button.choice { display: block; text-align: left; margin-bottom: .5rem; }
  button.choice small { display: block; color: #666; }
  button.choice .price { float: right; }
  button.choice[aria-pressed="true"] { border-width: 3px; background: #eef3ff; }
  button:disabled { opacity: .45; cursor: not-allowed; }
  #express-confirm { background: #1d1d1f; color: #fff; margin-top: 1rem; }
  #express-decline, #express-cancel { margin-top: .5rem; }
  #express-status { min-height: 1.2rem; }
  #express-status[data-reason] { color: #a4262c; }
  #express-status[data-reason="WAITING"] { color: #666; }
`

function addressButton(preset: ExpressAddressPreset): string {
  const { address } = preset
  const line = [address.address1, address.address2, address.suburb, address.postcode, address.countryCode].filter(Boolean).join(", ")
  return `<button type="button" class="choice" id="express-address-${preset.id}" data-testid="express-address-${preset.id}" data-address-id="${preset.id}" aria-pressed="false">
<strong>${escapeHtml(address.name)}</strong><small>${escapeHtml(line)}</small><small>${escapeHtml(preset.email)}</small></button>`
}

/** JSON safe inside a `<script>` element: no `<` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c")
}

/** The page the popup opens on, before the merchant's page has the token. */
export function loadingPage(locale: ScreenLocale = "en-GB"): string {
  const words = screenWords(locale)
  return page(
    words.opening,
    `<h1 id="express-loading" data-testid="express-loading">${escapeHtml(words.openingTheCheckout)}</h1><p>${escapeHtml(words.pleaseWait)}</p>`,
    { locale },
  )
}

/** The express popup of a checkout; element ids equal their `data-testid`s (docs/sandbox.md "The popup's screens"). */
export function expressPopupPage(checkout: StoredCheckout, basePath: string, locale: ScreenLocale = "en-GB"): string {
  const words = screenWords(locale)
  const request = checkout.request
  const merchantName = request.merchant?.name ?? "Sandbox merchant"
  const popupPath = `${basePath}/express/popup/${encodeURIComponent(checkout.token)}`
  const settings = {
    token: checkout.token,
    openerOrigin: new URL(request.merchant?.popupOriginUrl ?? "about:blank").origin,
    currency: request.amount.currency,
    preselected: request.shippingOptionIdentifier ?? null,
    addresses: EXPRESS_ADDRESS_PRESETS,
    confirmPath: `${popupPath}/confirm`,
    cancelPath: `${popupPath}/cancel`,
    answerTimeoutMs: EXPRESS_ANSWER_TIMEOUT_MS,
    locale,
    words: {
      SHIPPING_ADDRESS_UNSUPPORTED: words.SHIPPING_ADDRESS_UNSUPPORTED,
      SHIPPING_ADDRESS_UNRECOGNIZED: words.SHIPPING_ADDRESS_UNRECOGNIZED,
      SERVICE_UNAVAILABLE: words.SERVICE_UNAVAILABLE,
      NO_OPTIONS: words.NO_OPTIONS,
      NO_OPENER: words.NO_OPENER,
      asking: words.asking,
      orderTotal: words.orderTotal,
      confirmed: words.confirmedClose,
      cancelled: words.cancelledShort,
      notRecorded: words.notRecorded,
    },
  }
  return page(
    say(words.pay, { merchant: merchantName }),
    `<h1>${escapeHtml(say(words.payLater, { merchant: merchantName }))}</h1>
<div class="amount" id="express-amount" data-testid="express-amount">${escapeHtml(formatMoney(request.amount, locale))}</div>
<h2>${escapeHtml(words.deliverTo)}</h2>
<div id="express-addresses" data-testid="express-addresses">
${EXPRESS_ADDRESS_PRESETS.map(addressButton).join("\n")}
</div>
<p id="express-status" data-testid="express-status" role="status"></p>
<h2 id="express-options-heading" hidden>${escapeHtml(words.delivery)}</h2>
<div id="express-options" data-testid="express-options"></div>
<table id="express-summary" data-testid="express-summary" hidden>
<tr><td>${escapeHtml(words.shipping)}</td><td class="price" id="express-shipping" data-testid="express-shipping"></td></tr>
<tr><td>${escapeHtml(words.tax)}</td><td class="price" id="express-tax" data-testid="express-tax"></td></tr>
<tr class="total"><td>${escapeHtml(words.total)}</td><td class="price" id="express-total" data-testid="express-total"></td></tr>
</table>
<button type="button" id="express-confirm" data-testid="express-confirm" disabled>${escapeHtml(words.confirm)}</button>
<button type="button" id="express-decline" data-testid="express-decline" disabled>${escapeHtml(words.decline)}</button>
<button type="button" id="express-cancel" data-testid="express-cancel">${escapeHtml(words.cancel)}</button>
<p id="express-result" data-testid="express-result" role="status" hidden></p>`,
    {
      style: POPUP_STYLE,
      locale,
      script: `<script id="express-data" type="application/json">${scriptJson(settings)}</script>\n<script>${EXPRESS_POPUP_SCRIPT}</script>`,
    },
  )
}

/** Why the popup cannot go on; `message` is the sandbox's own, in English. */
export function expressRefusalPage(message: string, locale: ScreenLocale = "en-GB"): string {
  const words = screenWords(locale)
  return page(
    words.unavailable,
    `<h1 id="error" data-testid="express-error">${escapeHtml(words.unavailable)}</h1><p>${escapeHtml(message)}</p>`,
    { locale },
  )
}
