import { parseCorsOrigins } from "@medusajs/framework/utils"
import type { PopupOriginRules } from "../../payments/express-origin"

/** Medusa's resolved config, as far as the store's origins go. */
export interface ConfigWithStoreCors {
  projectConfig?: { http?: { storeCors?: string } }
}

/** The store's own origins for an express popup: `storefrontUrl` and Medusa's `storeCors`, parsed as Medusa parses it. */
export function popupOriginRules(storefrontUrl: string | undefined, configModule: ConfigWithStoreCors | undefined): PopupOriginRules {
  return { storefrontUrl, storeCors: parseCorsOrigins(configModule?.projectConfig?.http?.storeCors ?? "") }
}
