import type { Page } from "playwright-core"
import type { DemoStack } from "../../demo/stack"
import { adminHeaders } from "../../demo/script/purchase"
import { consumerChooses } from "../../demo/script/consumer"
import { callJson, redirectTarget } from "../../harness/http"
import { SAMPLE_ADDRESS } from "../../harness/sample-address"
import { screenshot } from "./browser"
import { openDemoDashboard, type DemoDashboard } from "./demo-dashboard"

jest.setTimeout(600_000)

let dashboard: DemoDashboard | undefined
let stack: DemoStack
let page: Page

beforeAll(async () => {
  dashboard = await openDemoDashboard("e2e-admin-settings")
  ;({ stack, page } = dashboard)
})

afterAll(async () => {
  await dashboard?.close()
})

it("an exclusion picked by product name is saved and shows by name in the change log; a page nobody touched keeps Save disabled after a reload", async () => {
  await page.goto(`${stack.urls.store}/app/settings/pay-later`)
  const form = page.getByTestId("bnpl-settings-form").first()
  await form.waitFor()
  const save = form.getByTestId("bnpl-settings-save")
  expect(await save.isDisabled()).toBe(true)
  // The message fields are labelled in words, not option names.
  expect(await form.getByText("Message when pay later is offered").count()).toBe(1)
  expect(await form.getByText("instalmentText", { exact: true }).count()).toBe(0)

  const products = form.getByTestId("bnpl-exclusions-productIds")
  await products.locator("input").fill("Tea")
  await products.getByRole("button", { name: "+ Tea Towel" }).click()
  await products.getByTestId("bnpl-exclusion-picked").filter({ hasText: "Tea Towel" }).waitFor()
  expect(await save.isDisabled()).toBe(false)
  await save.click()
  await page.getByText("Settings saved.").first().waitFor()
  const logged = (await form.getByTestId("bnpl-settings-changes").locator("tbody tr").first().textContent()) ?? ""
  expect(logged).toContain("Not offered for: none → Products: Tea Towel")
  expect(logged).not.toMatch(/prod_/)
  await screenshot(page, "admin-settings-1-saved", { fullPage: false })

  // Reloaded, nothing pressed: the saved lists read back the same, so there is nothing to save.
  await page.reload()
  await page.getByTestId("bnpl-settings-form").first().getByTestId("bnpl-exclusion-picked").first().waitFor()
  expect(await page.getByTestId("bnpl-settings-form").first().getByTestId("bnpl-settings-save").isDisabled()).toBe(true)
  await screenshot(page, "admin-settings-2-reloaded", { fullPage: false })
})

/**
 * An approval held for a decision: a lamp with one in stock, which the shopper confirms at the
 * service and which sells out before the store places the order; with "Hold it for a person"
 * the approval waits on this page. Returns how to restock the lamp.
 */
async function heldApproval(): Promise<{ restock: () => Promise<unknown> }> {
  const { urls, seed } = stack
  const store = { "x-publishable-api-key": seed.publishableKey }
  const admin = await adminHeaders(urls.store, seed.admin)
  const { shipping_option: option } = await callJson("GET", `${urls.store}/admin/shipping-options/${seed.shippingOptions.standard}`, { headers: admin })
  const { product } = await callJson("POST", `${urls.store}/admin/products?fields=id,*variants,variants.inventory_items.inventory_item_id`, {
    headers: admin,
    body: {
      title: "Last lamp",
      status: "published",
      shipping_profile_id: option.shipping_profile_id,
      options: [{ title: "Size", values: ["One"] }],
      variants: [{ title: "One", sku: "LAMP-1", options: { Size: "One" }, manage_inventory: true, prices: [{ amount: 30, currency_code: "gbp" }] }],
      sales_channels: [{ id: seed.salesChannelId }],
    },
  })
  const variant = product.variants[0]
  const inventoryItemId = variant.inventory_items[0].inventory_item_id
  await callJson("POST", `${urls.store}/admin/inventory-items/${inventoryItemId}/location-levels`, {
    headers: admin,
    body: { location_id: seed.stockLocationId, stocked_quantity: 1 },
  })
  const level = `${urls.store}/admin/inventory-items/${inventoryItemId}/location-levels/${seed.stockLocationId}`
  const { cart } = await callJson("POST", `${urls.store}/store/carts`, {
    headers: store,
    body: { region_id: seed.regions.uk, email: "ada@example.com", items: [{ variant_id: variant.id, quantity: 1 }], shipping_address: SAMPLE_ADDRESS, billing_address: SAMPLE_ADDRESS },
  })
  await callJson("POST", `${urls.store}/store/carts/${cart.id}/shipping-methods`, { headers: store, body: { option_id: seed.shippingOptions.standard } })
  const { payment_collection: collection } = await callJson("POST", `${urls.store}/store/payment-collections`, { headers: store, body: { cart_id: cart.id } })
  const { payment_collection: withSession } = await callJson("POST", `${urls.store}/store/payment-collections/${collection.id}/payment-sessions`, {
    headers: store,
    body: { provider_id: "pp_bnpl_bnpl" },
  })
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  await callJson("POST", level, { headers: admin, body: { stocked_quantity: 0 } })
  const landed = await redirectTarget(back.toString())
  expect(landed.searchParams.get("bnpl_error")).toBe("order_on_hold")
  return { restock: () => callJson("POST", level, { headers: admin, body: { stocked_quantity: 5 } }) }
}

it("a held approval is shown first; after \"Place the order\" its row names the order by display id, linked to its page", async () => {
  await page.goto(`${stack.urls.store}/app/settings/pay-later`)
  const form = page.getByTestId("bnpl-settings-form").first()
  await form.waitFor()
  await form.getByTestId("bnpl-settings-on-order-failure").click()
  await page.getByRole("option", { name: "Hold it for a person to place or void" }).click()
  await form.getByTestId("bnpl-settings-save").click()
  await page.getByText("Settings saved.").first().waitFor()
  const logged = (await form.getByTestId("bnpl-settings-changes").locator("tbody tr").first().textContent()) ?? ""
  expect(logged).toContain("When an approved order cannot be placed: Void the approval at once → Hold it for a person to place or void")

  const { restock } = await heldApproval()
  await restock()
  await page.reload()
  const held = page.getByTestId("bnpl-held")
  await held.waitFor()
  // First on the page: above the accounts' cards.
  const heldTop = (await held.boundingBox())!.y
  expect(heldTop).toBeLessThan((await page.getByTestId("bnpl-account").first().boundingBox())!.y)
  await screenshot(page, "admin-settings-3-held-first", { fullPage: false })
  await held.getByRole("button", { name: "Place the order" }).click()
  await page.getByRole("alertdialog").getByRole("button", { name: "Place the order", exact: true }).click()
  await page.getByText(/^Order #\d+ placed\.$/).first().waitFor()
  const placed = held.getByTestId("bnpl-finding-order")
  await placed.waitFor()
  expect(await placed.textContent()).toMatch(/^Order placed: #\d+$/)
  expect(await placed.locator("a").getAttribute("href")).toMatch(/\/orders\/order_/)
  await screenshot(page, "admin-settings-4-held-placed", { fullPage: false })
})
