import { useEffect, useState, type CSSProperties } from "react"
import type { DisplayAmount } from "../storefront/amounts"
import { fetchLimits, readPayLaterEligibility, type PayLaterEligibility } from "../storefront/eligibility"
import { payLaterMessage, type PayLaterMessageOptions, type PayLaterMessageText } from "../storefront/message-text"
import { shopperLocale } from "../storefront/texts"
import type { StoreClientConfig } from "../storefront/store-client"
import { warnOnce } from "./warn-once"

/** Props of `<PayLaterMessage>`. */
export interface PayLaterMessageProps extends PayLaterMessageOptions {
  /** The product's or cart's amount in major units, as Medusa gives it (`calculated_amount`, `total`). */
  amount: DisplayAmount
  /** The amount's currency, e.g. "gbp". */
  currency: string
  /** The limits, read on the server with `fetchLimits` (or `fetchCartEligibility`): in the first paint. */
  limits?: PayLaterEligibility
  /**
   * Without `limits`: the store to read them from in the browser (`GET /store/bnpl/limits`,
   * public and cacheable; the publishable key is public too). The line's space is reserved
   * meanwhile, so nothing moves when the answer arrives.
   */
  store?: StoreClientConfig
  /**
   * A product page's product (`product.id`): with `store`, the limits are asked for it, and a
   * product the merchant excluded shows nothing (`data-reason="excluded_items"`).
   */
  productId?: string
  /**
   * Keep one line's height even when nothing is shown (default true), so a price change that
   * crosses a limit does not move the page.
   */
  reserveSpace?: boolean
  className?: string
  style?: CSSProperties
}

/**
 * "Pay later on orders from £1.00 to £1,000.00." for product, cart and mini-cart pages.
 * An instalment line only when `instalments` is set; outside the limits nothing, the reason
 * or the merchant's `outside` text. Pure (no effect, no fetch): rendered on the server with
 * limits read there, it is in the first paint, so it moves nothing.
 * Bad limits (a currency that is not ISO 4217, strings for booleans, missing or huge amounts)
 * render the empty line and warn once in the console: one bad answer never takes the page down.
 */
export function PayLaterMessage({ amount, currency, limits, store, productId, reserveSpace = true, className, style, ...options }: PayLaterMessageProps) {
  const [fetched, setFetched] = useState<PayLaterEligibility | undefined>()
  const baseUrl = store?.baseUrl
  const publishableKey = store?.publishableKey
  useEffect(() => {
    if (limits || !baseUrl || !publishableKey) return
    let current = true
    void fetchLimits({ baseUrl, publishableKey }, { currencyCode: currency, productId }).then((answer) => current && setFetched(answer))
    return () => {
      current = false
    }
  }, [limits, baseUrl, publishableKey, currency, productId])
  const known = limits ?? fetched
  // Until the browser has the limits, an empty reserved line rather than an "unavailable" flash.
  const message = known ? messageOrNothing(amount, currency, known, options) : { show: false as const }
  const lines = (options.instalments ?? known?.message?.instalments) ? 2 : 1
  const reserved: CSSProperties = reserveSpace ? { minHeight: `${lines * 1.5}em`, lineHeight: 1.5 } : {}
  return (
    <div
      className={className}
      style={{ ...reserved, ...style }}
      lang={shopperLocale(options.locale, Object.keys(known?.messages ?? {}))}
      data-pay-later-message=""
      data-eligible={message.show ? String(message.eligible) : "hidden"}
      data-reason={"reason" in message ? message.reason : undefined}
    >
      {message.show ? (
        <>
          <span>{message.text}</span>
          {message.instalmentText ? (
            <>
              <br />
              <span>{message.instalmentText}</span>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  )
}

// payLaterMessage never throws; the check here is for the warning, which names the cause.
function messageOrNothing(
  amount: PayLaterMessageProps["amount"],
  currency: string,
  limits: PayLaterEligibility,
  options: PayLaterMessageOptions
): PayLaterMessageText {
  if (!readPayLaterEligibility(limits)) {
    warnOnce("PayLaterMessage", "limits that are not an eligibility answer (see readPayLaterEligibility)", describeLimits(limits))
    return { show: false, reason: "limits_unavailable" }
  }
  try {
    return payLaterMessage(amount, currency, limits, options)
  } catch (error) {
    warnOnce("PayLaterMessage", "the message could not be made", (error as Error)?.name)
    return { show: false, reason: "limits_unavailable" }
  }
}

function describeLimits(limits: unknown): string {
  if (!limits || typeof limits !== "object") return typeof limits
  return Object.entries(limits as Record<string, unknown>)
    .slice(0, 6)
    .map(([name, value]) => `${name.slice(0, 20)}: ${typeof value === "string" ? JSON.stringify(value.slice(0, 12)) : typeof value}`)
    .join(", ")
}
