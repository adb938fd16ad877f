/// <reference lib="dom" />
import { useEffect, useRef, useState, type ReactNode } from "react"
import type { DisplayAmount } from "../storefront/amounts"
import { fetchLimits, readPayLaterEligibility, type PayLaterEligibility } from "../storefront/eligibility"
import { payLaterMessage, type PayLaterMessageText } from "../storefront/message-text"
import { isExpressLibrary, loadExpressLibrary, type BnplExpressLibrary } from "../storefront/express-library"
import { expressCartFor, openExpressCheckout, type ExpressCartSource, type ExpressOutcome } from "../storefront/express-popup"
import { orderPagePath } from "../storefront/order-page"
import { messageFor, type PayLaterMessages } from "../storefront/reasons"
import type { StoreClientConfig } from "../storefront/store-client"
import { shopperLocale, shopperText, type LocaleChoice, type LocaleSources } from "../storefront/texts"
import { MAX_MESSAGE_LENGTH } from "./read-answers"
import { TARGET_SIZE } from "./target-size"
import { warnOnce } from "./warn-once"

/** Props of `<PayLaterExpressButton>`: `cartId` on a cart page, `regionId` + `variantId` + `quantity` on a product page. */
export interface PayLaterExpressButtonProps {
  /** The store as the browser reaches it. */
  config: StoreClientConfig
  /** The service's browser library; in development the sandbox's `{sandbox}/express/library.js`. */
  libraryUrl: string
  /** The consumer's country, e.g. "gb"; default the page path's first segment when two letters. */
  countryCode?: string
  /** Cart page: the cart to pay. */
  cartId?: string
  /** Product page: a new cart in this region with `quantity` of this variant. */
  regionId?: string
  variantId?: string
  /** Product page: default 1. */
  quantity?: number
  /** Product page: `product.id`; an excluded product renders no button. */
  productId?: string
  /** The product's or cart's amount in major units, for the limits check (hidden outside them). */
  amount: DisplayAmount
  currencyCode: string
  /** The limits read on the server (`fetchLimits`), so the button is in the first paint; else read in the browser. */
  limits?: PayLaterEligibility
  providerId?: string
  /** The order page template with `{order_id}` and `{country_code}`. */
  orderPath?: string
  /** Called with the new order's id instead of going to `orderPath`. */
  onOrder?: (orderId: string) => void
  /** The storefront's own texts for the locale shown (reasons, `expressButton`). */
  messages?: PayLaterMessages
  /** The shopper's locale (`shopperLocale`); default the country's language, else en-GB. */
  locale?: LocaleChoice
  /** The label; default the locale's "Express checkout with pay later". */
  children?: ReactNode
  className?: string
  /** Class of the message under the button (cancelled, declined, ...). */
  messageClassName?: string
}

const COMPONENT = "PayLaterExpressButton"

/** The limits given (read on the server), else read once in the browser; undefined until known. */
function useLimits(
  config: StoreClientConfig,
  currencyCode: string,
  productId: string | undefined,
  limits: PayLaterEligibility | undefined,
) {
  const [fetched, setFetched] = useState<PayLaterEligibility | undefined>()
  const baseUrl = config?.baseUrl
  const publishableKey = config?.publishableKey
  useEffect(() => {
    if (limits || !baseUrl || !publishableKey || typeof currencyCode !== "string") return
    let current = true
    void fetchLimits({ baseUrl, publishableKey }, { currencyCode, productId }).then((answer) => current && setFetched(answer))
    return () => {
      current = false
    }
  }, [limits, baseUrl, publishableKey, currencyCode, productId])
  return limits ?? fetched
}

/** The service's library, loaded once the button is to be shown; "failed" when it did not load. */
function useExpressLibrary(inside: boolean, libraryUrl: string) {
  const [library, setLibrary] = useState<BnplExpressLibrary | "failed" | undefined>()
  useEffect(() => {
    if (!inside) return
    let current = true
    void loadExpressLibrary(libraryUrl).then((loaded) => {
      if (!current) return
      if (!loaded) warnOnce(COMPONENT, "the service's library did not load (or defined no BnplExpress)", String(libraryUrl))
      setLibrary(loaded ?? "failed")
    })
    return () => {
      current = false
    }
  }, [inside, libraryUrl])
  return library
}

/**
 * An express checkout button for a product or cart page: the popup, then the order page or the
 * reason's message (`role="alert"`). Renders nothing outside the limits, with bad props or
 * without the library (each bad input warns once). Never throws.
 */
export function PayLaterExpressButton(props: PayLaterExpressButtonProps) {
  const { config, libraryUrl, countryCode, amount, currencyCode, limits, productId, messages, className, messageClassName } = props
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<{ reason: string; message: string } | undefined>()
  const cartSource = useRef<{ key: string; source: ExpressCartSource } | undefined>(undefined)

  const known = useLimits(config, currencyCode, productId, limits)
  const problem = propsProblem(props)
  const verdict = problem || known === undefined ? undefined : limitsVerdict(amount, currencyCode, known)
  const inside = !!verdict?.show && verdict.eligible
  const library = useExpressLibrary(inside, libraryUrl)

  if (problem) warnOnce(COMPONENT, problem)
  if (!inside || library === "failed")
    return (
      <div data-pay-later-express="" data-state="hidden" data-reason={library === "failed" ? "express_unavailable" : verdict?.reason} />
    )

  const country = (countryCode ?? countryFromPath())?.toLowerCase()
  const locale = withCountry(props.locale, country)
  const onOutcome = (outcome: ExpressOutcome) => {
    setPending(false)
    if ("orderId" in outcome) {
      if (props.onOrder) return props.onOrder(outcome.orderId)
      const template = props.orderPath ?? "/{country_code}/order/{order_id}/confirmed"
      window.location.assign(orderPagePath(template, { orderId: outcome.orderId, countryCode: country }))
      setPending(true)
      return
    }
    const message =
      outcome.error.message.length > MAX_MESSAGE_LENGTH ? messageFor(outcome.error.reason, messages, {}, locale) : outcome.error.message
    setError({ reason: outcome.error.reason, message })
  }

  // No await here: open() must run inside the click's user gesture.
  const onClick = () => {
    if (!isExpressLibrary(library)) return
    setError(undefined)
    if (!country) {
      warnOnce(COMPONENT, "no countryCode, and the page path does not start with one")
      return setError({ reason: "express_unavailable", message: messageFor("express_unavailable", messages, {}, locale) })
    }
    openExpressCheckout(library, {
      config,
      countryCode: country,
      cart: cartFor(props, cartSource),
      providerId: props.providerId,
      messages,
      locale,
      onOutcome,
      onCompleting: () => setPending(true),
    })
  }

  const ready = isExpressLibrary(library)
  return (
    <div data-pay-later-express="" data-state={ready ? "ready" : "loading"} lang={shopperLocale(locale)}>
      <button
        type="button"
        className={className}
        onClick={onClick}
        disabled={!ready || pending}
        aria-busy={!ready || pending}
        data-pay-later-express-button=""
        style={TARGET_SIZE}
      >
        {props.children ?? shopperText("expressButton", locale, { texts: messages })}
      </button>
      {error ? (
        <p role="alert" className={messageClassName} data-pay-later-express-error="" data-reason={error.reason}>
          {error.message}
        </p>
      ) : null}
    </div>
  )
}

// Medusa's starters route by country: /gb/products/tote. Only in the browser (the click).
function countryFromPath(): string | undefined {
  if (typeof window === "undefined") return undefined
  const first = window.location.pathname.split("/")[1] ?? ""
  return /^[a-z]{2}$/i.test(first) ? first : undefined
}

function withCountry(choice: LocaleChoice | undefined, countryCode: string | undefined): LocaleSources {
  const sources: LocaleSources = typeof choice === "string" ? { locale: choice } : { ...choice }
  return { ...sources, countryCode: sources.countryCode ?? countryCode }
}

function cartFor(props: PayLaterExpressButtonProps, memo: { current?: { key: string; source: ExpressCartSource } }): ExpressCartSource {
  if (props.cartId) return props.cartId
  const item = { regionId: props.regionId!, variantId: props.variantId!, quantity: props.quantity ?? 1 }
  const key = `${item.regionId}|${item.variantId}|${item.quantity}`
  if (memo.current?.key !== key)
    memo.current = { key, source: expressCartFor(props.config, item, props.messages, withCountry(props.locale, props.countryCode)) }
  return memo.current.source
}

function propsProblem(props: PayLaterExpressButtonProps): string | undefined {
  if (!props.config || typeof props.config.baseUrl !== "string" || typeof props.config.publishableKey !== "string") return "no store config"
  if (typeof props.libraryUrl !== "string" || !props.libraryUrl) return "no libraryUrl"
  if (props.countryCode !== undefined && (typeof props.countryCode !== "string" || !/^[a-z]{2}$/i.test(props.countryCode))) {
    return "countryCode is not two letters"
  }
  if (props.cartId !== undefined) return typeof props.cartId === "string" && props.cartId ? undefined : "cartId is not a cart id"
  if (typeof props.regionId !== "string" || typeof props.variantId !== "string") return "neither cartId nor regionId and variantId"
  const quantity = props.quantity ?? 1
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) return "quantity is not a whole number from 1 to 1000"
  return undefined
}

// payLaterMessage is silent about bad limits; warn here.
function limitsVerdict(amount: DisplayAmount, currencyCode: string, limits: PayLaterEligibility): PayLaterMessageText | undefined {
  if (!readPayLaterEligibility(limits)) {
    warnOnce(COMPONENT, "limits that are not an eligibility answer (see readPayLaterEligibility)")
    return undefined
  }
  return payLaterMessage(amount, currencyCode, limits)
}
