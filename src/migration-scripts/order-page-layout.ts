import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** The Pay later box's stable layout id (its widget config's `id`, with Medusa's `widget:` prefix). */
export const PAY_LATER_BOX_LAYOUT_ID = "widget:medusa-payment-bnpl:pay-later-box"

/**
 * The order page's main column, from the top: Medusa's active order changes and its header,
 * then the Pay later box, then Medusa's Summary, Payments and Fulfillment. Negative orders, so
 * the sections not named (Metadata, JSON) and other plugins' widgets (order 0) stay below.
 */
export const ORDER_PAGE_LAYOUT = {
  widgets: Object.fromEntries(
    [
      "core:OrderActiveEditSection",
      "core:ActiveOrderClaimSection",
      "core:ActiveOrderExchangeSection",
      "core:ActiveOrderReturnSection",
      "core:OrderGeneralSection",
      PAY_LATER_BOX_LAYOUT_ID,
      "core:OrderSummarySection",
      "core:OrderPaymentSection",
      "core:OrderFulfillmentSection",
    ].map((id, index) => [id, { section: "main", order: index - 100 }])
  ),
}

/** What the script uses of Medusa's settings module (2.17.2 and later). */
interface LayoutSettings {
  getSystemDefaultLayoutConfiguration(zone: string): Promise<unknown>
  setSystemDefaultLayoutConfiguration(zone: string, configuration: Record<string, unknown>): Promise<unknown>
}

/**
 * Puts the Pay later box under the order's header on the order page, once, at `medusa db:migrate`
 * (Medusa records migration scripts in `script_migrations`): Medusa 2.21 ignores a widget
 * zone's `.before` and puts every widget of the main column after its own sections, so as
 * installed the box, its capture field included, would sit below Metadata and JSON, out of a
 * 1440x1000 window. It is set as the store's default layout of `order.details` only when the store
 * has none: a layout a merchant saved is theirs and is never changed; each admin may still move
 * the box ("Edit layout"). A Medusa without the settings module's layouts is left as it is.
 */
export default async function orderPageLayout({ container }: { container: MedusaContainer }): Promise<void> {
  const settings = container.resolve(Modules.SETTINGS, { allowUnregistered: true }) as unknown as Partial<LayoutSettings> | undefined
  if (typeof settings?.getSystemDefaultLayoutConfiguration !== "function" || typeof settings.setSystemDefaultLayoutConfiguration !== "function") return
  if (await settings.getSystemDefaultLayoutConfiguration("order.details")) return
  await settings.setSystemDefaultLayoutConfiguration("order.details", ORDER_PAGE_LAYOUT)
}
