/// <reference lib="dom" />
import { useId, useState, type ReactNode } from "react"
import type { StartCheckoutResult } from "../storefront/checkout"
import { messageFor, type PayLaterMessages } from "../storefront/reasons"
import { shopperLocale, shopperText, type LocaleChoice } from "../storefront/texts"
import { readStartResult } from "./read-answers"
import { TARGET_SIZE } from "./target-size"

/** Props of `<PayLaterButton>`. */
export interface PayLaterButtonProps {
  /** A Server Action returning `startPayLaterCheckout`'s result; if it throws, `fallbackMessage` shows. */
  start: () => Promise<StartCheckoutResult>
  /** The label; default the locale's "Continue to pay later". */
  children?: ReactNode
  disabled?: boolean
  className?: string
  /** Shown if `start` throws (it should not); default the locale's `unknown` message. */
  fallbackMessage?: string
  /** The shopper's locale (`shopperLocale`); pass the same to `startPayLaterCheckout`. */
  locale?: LocaleChoice
  /** The storefront's own texts for that locale (`payLaterButton`, `unknown`, ...). */
  messages?: PayLaterMessages
  /** Called with the URL before the browser is sent there (analytics); default none. */
  onRedirect?: (url: string) => void
}

/**
 * The pay button: calls `start` and navigates to the service, or renders why not
 * (`role="alert"`). A bad answer shows `fallbackMessage` and warns once; never throws.
 */
export function PayLaterButton({
  start,
  children,
  disabled,
  className,
  fallbackMessage,
  onRedirect,
  locale,
  messages,
}: PayLaterButtonProps) {
  const fallback = fallbackMessage ?? messageFor("unknown", messages, {}, locale)
  const errorId = useId()
  // A plain flag rather than an async transition: the same code runs on React 18.3 and 19.
  const [pending, setPending] = useState(false)
  const [leaving, setLeaving] = useState(false)
  const [error, setError] = useState<string | undefined>()

  const onClick = async () => {
    setError(undefined)
    setPending(true)
    let result: StartCheckoutResult
    try {
      result = readStartResult(await start(), "PayLaterButton", fallback, messages, locale)
    } catch {
      result = { error: { reason: "unknown", message: fallback } }
    }
    setPending(false)
    if ("redirectUrl" in result) {
      setLeaving(true)
      onRedirect?.(result.redirectUrl)
      window.location.assign(result.redirectUrl)
    } else {
      setError(result.error.message)
    }
  }

  return (
    <div data-pay-later-button="" lang={shopperLocale(locale)}>
      <button
        type="button"
        className={className}
        onClick={onClick}
        disabled={disabled || pending || leaving}
        aria-busy={pending || leaving}
        aria-describedby={error ? errorId : undefined}
        style={TARGET_SIZE}
      >
        {children ?? shopperText("payLaterButton", locale, { texts: messages })}
      </button>
      {error ? (
        <p role="alert" id={errorId} data-pay-later-error="">
          {error}
        </p>
      ) : null}
    </div>
  )
}
