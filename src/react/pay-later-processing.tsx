/// <reference lib="dom" />
import { useEffect, useRef, useState } from "react"
import type { CompleteCartResult, StartCheckoutResult } from "../storefront/checkout"
import type { PayLaterCartStatus } from "../storefront/order-status"
import { messageFor, type PayLaterMessages, type ReturnErrorReason } from "../storefront/reasons"
import { shopperLocale, type LocaleChoice } from "../storefront/texts"
import { PayLaterReturnNotice } from "./pay-later-return-notice"
import { readCartStatus } from "./read-answers"
import { useCleanReturnUrl } from "./use-clean-return-url"

/** Props of `<PayLaterProcessing>`. */
export interface PayLaterProcessingProps {
  /** A Server Action around `fetchPayLaterCartStatus`. */
  check: () => Promise<PayLaterCartStatus>
  /** Where to go once the order exists: a template with `{order_id}`. */
  orderUrl: string
  /** Time between polls; default 2000 ms. */
  intervalMs?: number
  /** How long to poll before saying it takes longer than usual; default 60000 ms. */
  timeoutMs?: number
  messages?: PayLaterMessages
  /** The shopper's locale (`shopperLocale`); default en-GB. */
  locale?: LocaleChoice
  /** With `start` (and `retry`), a failure or the time-out shows a `<PayLaterReturnNotice>` with "Try again". */
  start?: () => Promise<StartCheckoutResult>
  /** Completes the cart again with the same session; see `<PayLaterReturnNotice>`. */
  retry?: () => Promise<CompleteCartResult>
  className?: string
}

/**
 * The view for `bnpl_status=processing`: polls `check` and goes to the order page, or shows the
 * failure. After `timeoutMs` it stops and says so, not "pay again": an approval may still
 * become an order. Never throws.
 */
export function PayLaterProcessing({
  check,
  orderUrl,
  intervalMs = 2000,
  timeoutMs = 60_000,
  messages,
  locale,
  start,
  retry,
  className,
}: PayLaterProcessingProps) {
  useCleanReturnUrl()
  const [stopped, setStopped] = useState<{ reason: string; message: string } | undefined>()
  const checkRef = useRef(check)
  checkRef.current = check

  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = Date.now() + timeoutMs
    const poll = async () => {
      let status: PayLaterCartStatus
      try {
        status = readCartStatus(await checkRef.current(), "PayLaterProcessing")
      } catch {
        status = { status: "processing" }
      }
      if (cancelled) return
      if (status.status === "completed" && status.order_id) {
        window.location.assign(orderUrl.replace("{order_id}", encodeURIComponent(status.order_id)))
        return
      }
      if (status.status === "failed") {
        const reason = status.reason ?? "payment_failed"
        setStopped({ reason, message: messageFor(reason, messages, {}, locale) })
        return
      }
      if (Date.now() >= deadline) {
        setStopped({ reason: "processing_timeout", message: messageFor("processing_timeout", messages, {}, locale) })
        return
      }
      timer = setTimeout(poll, intervalMs)
    }
    void poll()
    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
    }
  }, [orderUrl, intervalMs, timeoutMs, messages, locale])

  if (stopped) {
    return (
      <div className={className} data-pay-later-processing="stopped" data-reason={stopped.reason} lang={shopperLocale(locale)}>
        {start ? (
          <PayLaterReturnNotice
            reason={stopped.reason as ReturnErrorReason}
            start={start}
            retry={retry}
            orderUrl={orderUrl}
            messages={{ ...messages, [stopped.reason]: stopped.message }}
            locale={locale}
          />
        ) : (
          <p role="alert">{stopped.message}</p>
        )}
      </div>
    )
  }
  return (
    <div className={className} role="status" aria-live="polite" data-pay-later-processing="polling" lang={shopperLocale(locale)}>
      <p>{messageFor("processing", messages, {}, locale)}</p>
    </div>
  )
}
