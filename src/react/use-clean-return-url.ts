/// <reference lib="dom" />
import { useEffect } from "react"
import { withoutReturnParameters } from "../storefront/return-params"

/** Removes `bnpl_error` / `bnpl_status` from the address bar, so a reload shows no old message. */
export function useCleanReturnUrl(active = true): void {
  useEffect(() => {
    if (!active || typeof window === "undefined") return
    const clean = withoutReturnParameters(window.location.href)
    if (clean !== window.location.href) window.history.replaceState(window.history.state, "", clean)
  }, [active])
}
