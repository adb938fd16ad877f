import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** The Pay later box's stable layout id (its widget config's `id`, with Medusa's `widget:` prefix). */
export const PAY_LATER_BOX_LAYOUT_ID = "widget:medusa-payment-bnpl:pay-later-box"

/** The order page's main column, the Pay later box under the header; negative orders keep other widgets below. */
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
    ].map((id, index) => [id, { section: "main", order: index - 100 }]),
  ),
}

/** What the script uses of Medusa's settings module. */
interface LayoutSettings {
  getSystemDefaultLayoutConfiguration(zone: string): Promise<unknown>
  setSystemDefaultLayoutConfiguration(zone: string, configuration: Record<string, unknown>): Promise<unknown>
}

/** Medusa ignores a widget zone's `.before`, so this sets the default layout once, only when the store has none. */
export default async function orderPageLayout({ container }: { container: MedusaContainer }): Promise<void> {
  const settings = container.resolve(Modules.SETTINGS, { allowUnregistered: true }) as unknown as Partial<LayoutSettings> | undefined
  if (
    typeof settings?.getSystemDefaultLayoutConfiguration !== "function" ||
    typeof settings.setSystemDefaultLayoutConfiguration !== "function"
  )
    return
  if (await settings.getSystemDefaultLayoutConfiguration("order.details")) return
  await settings.setSystemDefaultLayoutConfiguration("order.details", ORDER_PAGE_LAYOUT)
}
