import orderPageLayout, { type ORDER_PAGE_LAYOUT, PAY_LATER_BOX_LAYOUT_ID } from "../../../src/migration-scripts/order-page-layout"

/** Medusa's settings module as far as the script uses it: one default layout per zone. */
function settingsWith(existing?: Record<string, unknown>) {
  const defaults = new Map<string, unknown>(existing ? [["order.details", existing]] : [])
  return {
    defaults,
    container: {
      resolve: () => ({
        getSystemDefaultLayoutConfiguration: async (zone: string) => defaults.get(zone) ?? null,
        setSystemDefaultLayoutConfiguration: async (zone: string, configuration: unknown) => void defaults.set(zone, configuration),
      }),
    } as never,
  }
}

describe("the order page's layout at install (migration script order-page-layout)", () => {
  it("on a store with no default layout: the box under the order's header, above Medusa's Summary and Payments", async () => {
    const { defaults, container } = settingsWith()
    await orderPageLayout({ container })
    const widgets = (defaults.get("order.details") as typeof ORDER_PAGE_LAYOUT).widgets
    const order = (id: string) => widgets[id].order
    expect(order(PAY_LATER_BOX_LAYOUT_ID)).toBeGreaterThan(order("core:OrderGeneralSection"))
    expect(order(PAY_LATER_BOX_LAYOUT_ID)).toBeLessThan(order("core:OrderSummarySection"))
    expect(order(PAY_LATER_BOX_LAYOUT_ID)).toBeLessThan(order("core:OrderPaymentSection"))
    // Sections not named (Metadata, JSON) have Medusa's order 0: they stay below.
    expect(Object.values(widgets).every((widget) => widget.order < 0 && widget.section === "main")).toBe(true)
  })

  it("a layout the merchant saved is never changed", async () => {
    const saved = { widgets: { [PAY_LATER_BOX_LAYOUT_ID]: { section: "side", order: 3 } } }
    const { defaults, container } = settingsWith(saved)
    await orderPageLayout({ container })
    expect(defaults.get("order.details")).toBe(saved)
  })

  it("a Medusa without the settings module's layouts is left as it is", async () => {
    await expect(orderPageLayout({ container: { resolve: () => undefined } as never })).resolves.toBeUndefined()
  })
})
