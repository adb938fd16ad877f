import { useEffect, useState, type CSSProperties } from "react"
import type { DisplayAmount } from "../storefront/amounts"
import { fetchLimits, readPayLaterEligibility, type PayLaterEligibility } from "../storefront/eligibility"
import { payLaterMessage, type PayLaterMessageOptions, type PayLaterMessageText } from "../storefront/message-text"
import { shopperLocale } from "../storefront/texts"
import type { StoreClientConfig } from "../storefront/store-client"
import { warnOnce } from "./warn-once"

/** Props of `<PayLaterMessage>`. */
export interface PayLaterMessageProps extends PayLaterMessageOptions {
  /** The product's or cart's amount in major units (`calculated_amount`, `total`). */
  amount: DisplayAmount
  /** The amount's currency, e.g. "gbp". */
  currency: string
  /** The limits read on the server (`fetchLimits`), so the line is in the first paint. */
  limits?: PayLaterEligibility
  /** Without `limits`: the store to read them from in the browser. */
  store?: StoreClientConfig
  /** A product page's `product.id`, with `store`; an excluded product shows nothing. */
  productId?: string
  /** Keep the line's height when nothing is shown (default true), so the page does not move. */
  reserveSpace?: boolean
  className?: string
  style?: CSSProperties
}

/**
 * Renders "Pay later on orders from £1.00 to £1,000.00." (and an instalment line if set) for
 * an amount; see `payLaterMessage`. Bad limits render the empty line and warn once.
 */
export function PayLaterMessage({
  amount,
  currency,
  limits,
  store,
  productId,
  reserveSpace = true,
  className,
  style,
  ...options
}: PayLaterMessageProps) {
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

function messageOrNothing(
  amount: PayLaterMessageProps["amount"],
  currency: string,
  limits: PayLaterEligibility,
  options: PayLaterMessageOptions,
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
