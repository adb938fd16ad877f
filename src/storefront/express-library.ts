/// <reference lib="dom" />
import type { ExpressAddress, ExpressRejection, ExpressShippingOption } from "./express"

/** The service's express library, `window.BnplExpress`. docs/service-api.md "Express checkout". */
export interface BnplExpressLibrary {
  /** Registers the page's callbacks for the next `open()`. */
  initializeForPopup(config: BnplExpressPopupConfig): void
  /** Opens the popup at once: call it synchronously inside a click handler, or browsers block it. */
  open(): void
}

/** The callbacks the library calls while the consumer is in the popup. */
export interface BnplExpressPopupConfig {
  /** The consumer's country, ISO 3166-1 alpha-2 ("GB"). */
  countryCode: string
  /** The popup is open: answer the checkout token, or reject (the popup closes, `onComplete` says CANCELLED). */
  onCommenceCheckout(actions: { resolve(token: string): void; reject(reason: string): void }): void
  /** The consumer chose an address: answer the store's options for it, or a rejection. */
  onShippingAddressChange(
    data: ExpressAddress,
    actions: { resolve(options: ExpressShippingOption[]): void; reject(reason: ExpressRejection): void },
  ): void
  /** The consumer picked an option (information only). */
  onShippingOptionChange?(data: ExpressShippingOption): void
  /** The consumer confirmed (`SUCCESS` with the token) or cancelled. May never come (a closed popup). */
  onComplete(event: { data: { status: "SUCCESS" | "CANCELLED" | string; orderToken?: string; reason?: string } }): void
}

// One load per URL for the page's lifetime, however many buttons ask.
const loads = new Map<string, Promise<BnplExpressLibrary | undefined>>()
const LOAD_TIMEOUT_MS = 15_000

/** Whether a value has the library's two calls (a script that defined something else has not). */
export function isExpressLibrary(value: unknown): value is BnplExpressLibrary {
  const library = value as Partial<BnplExpressLibrary> | null | undefined
  return !!library && typeof library.initializeForPopup === "function" && typeof library.open === "function"
}

/**
 * Loads the library from `libraryUrl` once and resolves `window.BnplExpress`. Never rejects:
 * undefined outside a browser or on any failure (15 s time-out); a later call tries again.
 */
export function loadExpressLibrary(libraryUrl: string): Promise<BnplExpressLibrary | undefined> {
  if (typeof window === "undefined" || typeof document === "undefined") return Promise.resolve(undefined)
  const already = (window as { BnplExpress?: unknown }).BnplExpress
  if (isExpressLibrary(already)) return Promise.resolve(already)
  if (!isWebUrl(libraryUrl)) return Promise.resolve(undefined)
  let load = loads.get(libraryUrl)
  if (!load) {
    load = injectScript(libraryUrl).then((library) => {
      if (!library) loads.delete(libraryUrl)
      return library
    })
    loads.set(libraryUrl, load)
  }
  return load
}

function injectScript(libraryUrl: string): Promise<BnplExpressLibrary | undefined> {
  return new Promise((resolve) => {
    const script = document.createElement("script")
    const done = (ok: boolean) => {
      clearTimeout(timer)
      script.onload = script.onerror = null
      const library = (window as { BnplExpress?: unknown }).BnplExpress
      if (!ok) script.remove()
      resolve(ok && isExpressLibrary(library) ? library : undefined)
    }
    const timer = setTimeout(() => done(false), LOAD_TIMEOUT_MS)
    script.src = libraryUrl
    script.async = true
    script.dataset.bnplExpress = ""
    script.onload = () => done(true)
    script.onerror = () => done(false)
    document.head.appendChild(script)
  })
}

function isWebUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 2048) return false
  try {
    const url = new URL(value, window.location.href)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}
