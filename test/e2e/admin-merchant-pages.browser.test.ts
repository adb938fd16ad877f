/**
 * The merchant's two pages of issue 45 in the real dashboard, on one demo store (one store and
 * one dashboard start for both): the order page's one story first, then Settings -> Pay later,
 * whose changes (an exclusion, the hold policy) come after every order the story needs, and
 * last its health card (issue 48) over a run with a known mix.
 */
import type { Page } from "playwright-core"
import type { SandboxLedger } from "../../src/sandbox"
import { Client } from "pg"
import { adminHeaders, placeOrderPaidLater, startPayLaterCheckout } from "../../demo/script/purchase"
import { consumerChooses } from "../../demo/script/consumer"
import type { DemoStack } from "../../demo/stack"
import { callJson, redirectTarget } from "../../harness/http"
import { SAMPLE_ADDRESS } from "../../harness/sample-address"
import { payLaterBoxLayoutProblems, payLaterSettingsLayoutProblems } from "./admin-layout"
import { screenshot } from "./browser"
import { openDemoDashboard, type DemoDashboard } from "./demo-dashboard"

jest.setTimeout(600_000)

let dashboard: DemoDashboard | undefined
let stack: DemoStack
let page: Page
let order: Awaited<ReturnType<typeof placeOrderPaidLater>>
/** Every answer of the store the page got to a POST that was refused (4xx/5xx). */
const refused: string[] = []

beforeAll(async () => {
  dashboard = await openDemoDashboard("e2e-admin-merchant-pages")
  ;({ stack, page } = dashboard)
  // The demo's order (2 × Canvas Tote and Standard shipping, £94.95: the 95.99 story with the demo's prices), authorised, nothing captured.
  order = await placeOrderPaidLater(stack, () => {})
  await callJson("POST", `${stack.urls.store}/admin/refund-reasons`, { headers: order.admin, body: { label: "Damaged", code: "damaged" } })
  // No layout call: the plugin's migration script put the box under the order's header at install.
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
  })
})

afterAll(async () => {
  await dashboard?.close()
})

const ledger = () => callJson<SandboxLedger>("GET", `${stack.urls.sandboxControl}/ledger`)
const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? "").trim()
const money = (amounts: string[]) => amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0) / 100

/**
 * A line of Medusa's payment section's total ("Total paid by customer", "Total pending") as
 * "£20.00" (Medusa writes "£ 20.00 GBP"), or null when Medusa does not show it.
 */
async function medusaTotal(label: string): Promise<string | null> {
  // One read of what is on the page now: Medusa re-renders the section after each action, so a
  // line counted a moment ago may be gone when its text is asked for (a wait of 30 s for nothing).
  const lines = await page.getByText(label, { exact: true }).locator("xpath=..").allTextContents()
  if (lines.length === 0) return null
  return lines[0].replace(label, "").replace(/\s|GBP/g, "")
}

/** Waits for Medusa's sections to show `expected` (they refetch the order after each action). */
async function medusaShows(label: string, expected: string | null): Promise<void> {
  for (let tries = 0; tries < 60 && (await medusaTotal(label)) !== expected; tries++) await page.waitForTimeout(250)
  expect([label, await medusaTotal(label)]).toEqual([label, expected])
}

/** The same captured, refunded and released amounts in the box, in Medusa's totals and in the sandbox's ledger. */
async function expectOneStory(captured: number, refunded: number, released: number): Promise<void> {
  const gbp = (amount: number) => `£${amount.toFixed(2)}`
  await page
    .getByTestId("bnpl-amount-refunded")
    .filter({ hasText: gbp(refunded) })
    .waitFor()
  await page
    .getByTestId("bnpl-amount-captured")
    .filter({ hasText: gbp(captured) })
    .waitFor()
  expect(await text("bnpl-amount-released")).toBe(gbp(released))
  const pending = order.order.total - captured - released
  expect(await text("bnpl-amount-open")).toBe(gbp(pending))
  // Medusa's payment section: paid by the customer is captured less refunded; pending what is still open.
  await medusaShows("Total paid by customer", gbp(captured - refunded))
  await medusaShows("Total pending", pending > 0 ? gbp(pending) : null)
  // Medusa's summary: what the order still owes is what the box has open (nothing once voided).
  await medusaShows("Outstanding amount", gbp(pending))
  const service = await ledger()
  const own = <T extends { orderId: string }>(entries: T[]) => entries.filter((entry) => entry.orderId === order.serviceOrderId)
  expect(money(own(service.captures).map((entry) => entry.amount.amount))).toBe(captured)
  expect(money(own(service.refunds).map((entry) => entry.amount.amount))).toBe(refunded)
  expect(own(service.voids).length).toBe(released > 0 ? 1 : 0)
}

async function confirmPrompt(action: string): Promise<void> {
  await page.getByRole("alertdialog").getByRole("button", { name: action, exact: true }).click()
}

async function captureFromTheBox(amount: string): Promise<void> {
  await page.getByTestId("bnpl-capture-amount").fill(amount)
  await page.getByTestId("bnpl-capture-amount-button").click()
  await confirmPrompt("Capture")
  await page.getByText(`£${amount} captured.`).first().waitFor()
}

async function refundFromTheBox(amount: string, reason?: { label: string; note: string }): Promise<void> {
  await page.getByTestId("bnpl-refund-amount").fill(amount)
  if (reason) {
    await page.getByTestId("bnpl-refund-reason").click()
    await page.getByRole("option", { name: reason.label }).click()
    await page.getByTestId("bnpl-refund-note").fill(reason.note)
  }
  await page.getByTestId("bnpl-refund-amount-button").click()
  await confirmPrompt("Refund")
  await page.getByText(`£${amount} refunded.`).first().waitFor()
}

it("as installed, with no layout step, the box sits first in the main column, its capture field above the fold of a 1440x1000 window", async () => {
  await page.goto(`${stack.urls.store}/app/orders/${order.orderId}`)
  await page.getByTestId("bnpl-widget").waitFor()
  expect(await text("bnpl-state")).toBe("Authorized")
  await screenshot(page, "admin-order-story-1-authorised", { fullPage: false })
  await screenshot(page, "admin-order-story-1-authorised-full")
  const field = await page.getByTestId("bnpl-capture-amount").boundingBox()
  expect(field).not.toBeNull()
  expect(field!.y + field!.height).toBeLessThanOrEqual(1000)
  // Laid out as in an app installed from the tarball (test/install/admin-layout.test.ts).
  expect(await payLaterBoxLayoutProblems(page)).toEqual([])
})

it("capture 20.00, refund 5.00, capture 30.00, refund 10.00 with a reason, void the rest: one story at every step, nothing refused", async () => {
  const total = Number(order.order.total).toFixed(2)
  const rest = (Number(order.order.total) - 50).toFixed(2)
  await captureFromTheBox("20.00")
  await expectOneStory(20, 0, 0)
  expect(await text("bnpl-state")).toBe("Partially captured")
  // Medusa's row still says Pending; the box says what its Capture and Refund do.
  expect((await page.getByTestId("bnpl-medusa-notes").textContent()) ?? "").toContain(
    `reads "Pending" until the whole ${total} GBP is captured`,
  )
  await screenshot(page, "admin-order-story-2-captured-20", { fullPage: false })

  await refundFromTheBox("5.00")
  await expectOneStory(20, 5, 0)

  await captureFromTheBox("30.00")
  await expectOneStory(50, 5, 0)

  await refundFromTheBox("10.00", { label: "Damaged", note: "Strap torn on arrival" })
  await expectOneStory(50, 15, 0)
  // Medusa's payment section lists the refund with its reason.
  await page.getByText("Damaged").first().waitFor()
  expect(await text("bnpl-refunds")).toContain("Strap torn on arrival")

  await page.getByRole("button", { name: "Void the rest" }).click()
  await confirmPrompt("Void")
  await page.getByText(`The rest is voided: £${rest} given back to the customer.`).first().waitFor()
  await expectOneStory(50, 15, Number(rest))
  expect((await page.getByTestId("bnpl-medusa-notes").textContent()) ?? "").toContain(
    `reads "Canceled": the ${rest} GBP not captured was voided`,
  )
  // The Void line of the box's timeline says what it released, to the second.
  await page.getByTestId("bnpl-timeline").locator("summary").first().click()
  const calls = (await page.getByTestId("bnpl-timeline-calls").textContent()) ?? ""
  expect(calls).toContain(`Void Payment · £${rest} released`)
  expect(calls).toMatch(/\d{2}:\d{2}:\d{2}/)
  // Money calls first: Get Payment reads are behind their own toggle.
  expect(calls).not.toContain("Get Payment")
  await screenshot(page, "admin-order-story-3-voided", { fullPage: false })
  await screenshot(page, "admin-order-story-3-voided-full")
  expect(refused).toEqual([])
})

/** The box's figures and actions as a merchant reads them, for the order on the page. */
async function boxReads(): Promise<{
  state: string
  captured: string
  open: string
  refunded: string
  captureRest: number
  voidRest: number
}> {
  return {
    state: await text("bnpl-state"),
    captured: await text("bnpl-amount-captured"),
    open: await text("bnpl-amount-open"),
    refunded: await text("bnpl-amount-refunded"),
    captureRest: await page.getByRole("button", { name: "Capture the rest" }).count(),
    voidRest: await page.getByRole("button", { name: "Void the rest" }).count(),
  }
}

/** Polls the box, never reloading, until it reads `expected` or `seconds` pass; then asserts it. */
async function boxFollows(expected: Awaited<ReturnType<typeof boxReads>>, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline && JSON.stringify(await boxReads()) !== JSON.stringify(expected)) await page.waitForTimeout(250)
  expect(await boxReads()).toEqual(expected)
}

it("follows Medusa's own Capture payment and Refund dialog within 10 s, without a reload, and offers no action the service would refuse", async () => {
  const second = await placeOrderPaidLater(stack, () => {})
  const total = Number(second.order.total)
  const gbp = (amount: number) => `£${amount.toFixed(2)}`
  await page.goto(`${stack.urls.store}/app/orders/${second.orderId}`)
  await page.getByTestId("bnpl-widget").waitFor()
  await captureFromTheBox("20.00")
  await boxFollows(
    { state: "Partially captured", captured: gbp(20), open: gbp(total - 20), refunded: gbp(0), captureRest: 1, voidRest: 1 },
    10,
  )
  // A reload would show the box the truth anyway: a mark on the window proves there was none.
  await page.evaluate(() => Object.assign(window, { bnplNotReloaded: true }))

  await page.getByRole("button", { name: "Capture payment" }).click()
  await confirmPrompt("Confirm")
  await boxFollows({ state: "Captured", captured: gbp(total), open: gbp(0), refunded: gbp(0), captureRest: 0, voidRest: 0 }, 10)
  await medusaShows("Total pending", null)

  // Medusa's Refund dialog, opened inside the page as its row's menu opens it (no reload).
  await page.evaluate((url) => {
    window.history.pushState({}, "", url)
    window.dispatchEvent(new PopStateEvent("popstate"))
  }, `/app/orders/${second.orderId}/refund?paymentId=${second.payment.id}`)
  const amount = page.getByLabel("Amount", { exact: true })
  await amount.waitFor()
  await amount.fill("5.00")
  await page.getByRole("button", { name: "Save", exact: true }).click()
  await boxFollows({ state: "Captured", captured: gbp(total), open: gbp(0), refunded: gbp(5), captureRest: 0, voidRest: 0 }, 10)
  expect(await page.evaluate(() => (window as unknown as { bnplNotReloaded?: boolean }).bnplNotReloaded)).toBe(true)
  const service = (await ledger()).captures.filter((entry) => entry.orderId === second.serviceOrderId)
  expect(money(service.map((entry) => entry.amount.amount))).toBe(total)
  expect(refused).toEqual([])
})

// Settings -> Pay later.

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
  const { shipping_option: option } = await callJson("GET", `${urls.store}/admin/shipping-options/${seed.shippingOptions.standard}`, {
    headers: admin,
  })
  const { product } = await callJson(
    "POST",
    `${urls.store}/admin/products?fields=id,*variants,variants.inventory_items.inventory_item_id`,
    {
      headers: admin,
      body: {
        title: "Last lamp",
        status: "published",
        shipping_profile_id: option.shipping_profile_id,
        options: [{ title: "Size", values: ["One"] }],
        variants: [
          { title: "One", sku: "LAMP-1", options: { Size: "One" }, manage_inventory: true, prices: [{ amount: 30, currency_code: "gbp" }] },
        ],
        sales_channels: [{ id: seed.salesChannelId }],
      },
    },
  )
  const variant = product.variants[0]
  const inventoryItemId = variant.inventory_items[0].inventory_item_id
  await callJson("POST", `${urls.store}/admin/inventory-items/${inventoryItemId}/location-levels`, {
    headers: admin,
    body: { location_id: seed.stockLocationId, stocked_quantity: 1 },
  })
  const level = `${urls.store}/admin/inventory-items/${inventoryItemId}/location-levels/${seed.stockLocationId}`
  const { cart } = await callJson("POST", `${urls.store}/store/carts`, {
    headers: store,
    body: {
      region_id: seed.regions.uk,
      email: "ada@example.com",
      items: [{ variant_id: variant.id, quantity: 1 }],
      shipping_address: SAMPLE_ADDRESS,
      billing_address: SAMPLE_ADDRESS,
    },
  })
  await callJson("POST", `${urls.store}/store/carts/${cart.id}/shipping-methods`, {
    headers: store,
    body: { option_id: seed.shippingOptions.standard },
  })
  const { payment_collection: collection } = await callJson("POST", `${urls.store}/store/payment-collections`, {
    headers: store,
    body: { cart_id: cart.id },
  })
  const { payment_collection: withSession } = await callJson(
    "POST",
    `${urls.store}/store/payment-collections/${collection.id}/payment-sessions`,
    {
      headers: store,
      body: { provider_id: "pp_bnpl_bnpl" },
    },
  )
  const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === "pp_bnpl_bnpl")
  const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
  await callJson("POST", level, { headers: admin, body: { stocked_quantity: 0 } })
  const landed = await redirectTarget(back.toString())
  expect(landed.searchParams.get("bnpl_error")).toBe("order_on_hold")
  return { restock: () => callJson("POST", level, { headers: admin, body: { stocked_quantity: 5 } }) }
}

it('a held approval is shown first; after "Place the order" its row names the order by display id, linked to its page', async () => {
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
  // Medusa's reason names the inventory item by its own title (the variant's, "One"): the row names the product too.
  expect(await held.textContent()).toContain("Not enough stock available for item Last lamp · One")
  await held.getByRole("button", { name: "Place the order" }).click()
  await page.getByRole("alertdialog").getByRole("button", { name: "Place the order", exact: true }).click()
  await page
    .getByText(/^Order #\d+ placed\.$/)
    .first()
    .waitFor()
  const placed = held.getByTestId("bnpl-finding-order")
  await placed.waitFor()
  expect(await placed.textContent()).toMatch(/^Order placed: #\d+$/)
  expect(await placed.locator("a").getAttribute("href")).toMatch(/\/orders\/order_/)
  await screenshot(page, "admin-settings-4-held-placed", { fullPage: false })
})

// Settings -> Pay later: the health card (issue 48).

/** A pay-later checkout whose consumer declines or cancels it on the service's page, then comes back through the return route. */
async function checkoutEndingIn(choice: "decline" | "cancel"): Promise<void> {
  const { redirectCheckoutUrl } = await startPayLaterCheckout(stack)
  const back = await consumerChooses(redirectCheckoutUrl, choice)
  await redirectTarget(back.toString())
}

/** Empties the payments' timeline of the demo's database, so the card shows the next run alone. */
async function emptyTimeline(): Promise<void> {
  const client = new Client({ connectionString: stack.database.url })
  await client.connect()
  try {
    await client.query("DELETE FROM bnpl_service_call")
  } finally {
    await client.end()
  }
}

it("the health card shows a run of 10 approvals (3 of them after an injected 503), 2 declines and 1 cancellation exactly", async () => {
  await emptyTimeline()
  for (let approval = 0; approval < 10; approval++) {
    // The service answers 503 to the first Auth of three checkouts; the client retries it (same requestId).
    if (approval < 3)
      await callJson("POST", `${stack.urls.sandboxControl}/faults`, { body: { endpoint: "auth", kind: "status", status: 503, times: 1 } })
    await placeOrderPaidLater(stack, () => {})
  }
  await checkoutEndingIn("decline")
  await checkoutEndingIn("decline")
  await checkoutEndingIn("cancel")

  // The timeline is written just after each call: the page is read again until the last one is in.
  await page.goto(`${stack.urls.store}/app/settings/pay-later`)
  for (let tries = 0; tries < 40; tries++) {
    await page.getByTestId("bnpl-health-hour-cancellations").first().waitFor()
    if ((await text("bnpl-health-hour-cancellations")) === "1" && (await text("bnpl-health-hour-declines")) === "2") break
    await page.waitForTimeout(500)
    await page.reload()
  }
  const figures: Record<string, string> = {}
  for (const id of ["approval-rate", "approvals", "declines", "cancellations", "errors", "faults", "last-failure"]) {
    figures[id] = await text(`bnpl-health-hour-${id}`)
    expect([id, await text(`bnpl-health-day-${id}`)]).toEqual([id, figures[id]])
  }
  expect(figures).toEqual({
    "approval-rate": "76.9%",
    approvals: "10",
    declines: "2",
    cancellations: "1",
    errors: "0",
    faults: "3",
    "last-failure": expect.stringMatching(/^Auth: server_error \(HTTP 503\), /),
  })
  // Auth's tries: 10 approvals, the 3 refused with a 503 before them, 2 declines; p50 and p95 in ms.
  const auth = (await page.getByTestId("bnpl-health-latency-Auth").first().textContent()) ?? ""
  expect(auth).toMatch(/^Auth15, \d+ ms \/ \d+ ms/)
  // A shop with no usual yet (nothing in the 7 days before the last hour) gets no warning.
  expect(await page.getByTestId("bnpl-health-warning").count()).toBe(0)
  await page.getByTestId("bnpl-health").first().scrollIntoViewIfNeeded()
  await screenshot(page, "admin-settings-5-health", { fullPage: false })
})

it("Settings -> Pay later is laid out as in an installed app: labels beside their values, the jobs' outcome badges whole", async () => {
  await page.goto(`${stack.urls.store}/app/settings/pay-later`)
  expect(await payLaterSettingsLayoutProblems(page)).toEqual([])
})
