/// <reference lib="dom" />
import { useState, type ReactNode } from "react"
import type { CompleteCartResult, StartCheckoutResult } from "../storefront/checkout"
import { canRetryWithSameSession, canTryAgain, messageFor, type PayLaterMessages, type ReturnErrorReason } from "../storefront/reasons"
import { shopperLocale, shopperText, type LocaleChoice } from "../storefront/texts"
import { readCompleteResult, readReason, readStartResult } from "./read-answers"
import { TARGET_SIZE } from "./target-size"
import { useCleanReturnUrl } from "./use-clean-return-url"

/** Props of `<PayLaterReturnNotice>`. */
export interface PayLaterReturnNoticeProps {
  /** The `bnpl_error` the shopper came back with (`readPayLaterReturn`). */
  reason: ReturnErrorReason
  /** A Server Action around `completePayLaterCart`; without it, "Try again" always starts a new checkout. */
  retry?: () => Promise<CompleteCartResult>
  /** Starts a new checkout (a Server Action around `startPayLaterCheckout`). */
  start: () => Promise<StartCheckoutResult>
  /** Where to go once `retry` gives an order: a template with `{order_id}`. */
  orderUrl: string
  /** The storefront's own texts for the locale shown (reasons, `tryAgain`). */
  messages?: PayLaterMessages
  /** The shopper's locale (`shopperLocale`); pass the same to `start` and `retry`. */
  locale?: LocaleChoice
  /** The button's label; default the locale's "Try again". */
  tryAgainLabel?: ReactNode
  /** Class of the notice (its message and button). */
  className?: string
  /** Class of the "Try again" button, e.g. the storefront's button classes. */
  buttonClassName?: string
}

/**
 * Renders the `bnpl_error` message and a "Try again" button: first `retry` where an approval
 * may be hidden (`RETRY_WITH_SAME_SESSION`), else `start`. Bad input shows a generic message
 * and warns once; never throws.
 */
export function PayLaterReturnNotice({
  reason,
  retry,
  start,
  orderUrl,
  messages,
  locale,
  tryAgainLabel,
  className,
  buttonClassName,
}: PayLaterReturnNoticeProps) {
  useCleanReturnUrl()
  // The reason comes from the address bar: anyone can write anything there.
  const [current, setCurrent] = useState<{ reason: string; message: string }>(() => {
    const known = readReason(reason, "PayLaterReturnNotice")
    return { reason: known, message: messageFor(known, messages, {}, locale) }
  })
  const [sameSessionTried, setSameSessionTried] = useState(false)
  const [pending, setPending] = useState(false)
  const [leaving, setLeaving] = useState(false)

  const go = (url: string) => {
    setLeaving(true)
    window.location.assign(url)
  }

  const onTryAgain = async () => {
    setPending(true)
    try {
      if (retry && !sameSessionTried && canRetryWithSameSession(current.reason)) {
        setSameSessionTried(true)
        const result = readCompleteResult(await retry(), "PayLaterReturnNotice", messages, locale)
        if ("orderId" in result) return go(orderUrl.replace("{order_id}", encodeURIComponent(result.orderId)))
        setCurrent(result.error)
        return
      }
      const result = readStartResult(await start(), "PayLaterReturnNotice", messageFor("unknown", messages, {}, locale), messages, locale)
      if ("redirectUrl" in result) return go(result.redirectUrl)
      setCurrent(result.error)
    } catch {
      setCurrent({ reason: "payment_failed", message: messageFor("payment_failed", messages, {}, locale) })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className={className} data-pay-later-notice="" data-reason={current.reason} lang={shopperLocale(locale)}>
      <p role="alert" data-pay-later-notice-message="">
        {current.message}
      </p>
      {canTryAgain(current.reason) && (
        <button
          type="button"
          className={buttonClassName}
          onClick={onTryAgain}
          disabled={pending || leaving}
          aria-busy={pending || leaving}
          style={TARGET_SIZE}
        >
          {tryAgainLabel ?? shopperText("tryAgain", locale, { texts: messages })}
        </button>
      )}
    </div>
  )
}
