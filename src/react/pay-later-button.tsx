/// <reference lib="dom" />
import { useId, useState, type ReactNode } from "react"
import type { StartCheckoutResult } from "../storefront/checkout"
import { messageFor, type PayLaterMessages } from "../storefront/reasons"
import { shopperLocale, shopperText, type LocaleChoice } from "../storefront/texts"
import { readStartResult } from "./read-answers"
import { TARGET_SIZE } from "./target-size"

/** Props of `<PayLaterButton>`. */
export interface PayLaterButtonProps {
  /**
   * Starts the checkout: a Server Action (or any function) returning `startPayLaterCheckout`'s
   * result. It must not throw; if it does, the shopper reads `fallbackMessage`.
   */
  start: () => Promise<StartCheckoutResult>
  /** The label; default the locale's "Continue to pay later". */
  children?: ReactNode
  disabled?: boolean
  className?: string
  /** Shown if `start` throws (it should not); default the locale's `unknown` message. */
  fallbackMessage?: string
  /**
   * The shopper's locale for the label and messages: a BCP 47 tag ("fr-FR") or
   * `{ cartLocale, locale, countryCode }` (`shopperLocale`); default en-GB. Pass the same to
   * `startPayLaterCheckout` so its messages are in it too.
   */
  locale?: LocaleChoice
  /** The storefront's own texts for that locale (`payLaterButton`, `unknown`, ...). */
  messages?: PayLaterMessages
  /** Called with the URL before the browser is sent there (analytics); default none. */
  onRedirect?: (url: string) => void
}

/**
 * The pay button: starts a new checkout and sends the browser to the service's screens with a
 * full-page navigation, or shows why not (the plugin's message, or the merchant's). A bad
 * answer from `start` (no `redirectUrl` nor `error`, a non-http(s) URL, a huge message) shows
 * `fallbackMessage` and warns once in the console; it never throws.
 */
export function PayLaterButton({ start, children, disabled, className, fallbackMessage, onRedirect, locale, messages }: PayLaterButtonProps) {
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
      // Read field by field: a bad answer shows fallbackMessage, never a javascript: navigation.
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
