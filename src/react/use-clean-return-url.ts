/// <reference lib="dom" />
import { useEffect } from "react"
import { withoutReturnParameters } from "../storefront/return-params"

/**
 * Once a return message is on screen, removes `bnpl_error` / `bnpl_status` from the address
 * bar (`history.replaceState`, no navigation), so a reload or a shared link does not show an
 * old message again.
 */
export function useCleanReturnUrl(active = true): void {
  useEffect(() => {
    if (!active || typeof window === "undefined") return
    const clean = withoutReturnParameters(window.location.href)
    if (clean !== window.location.href) window.history.replaceState(window.history.state, "", clean)
  }, [active])
}
