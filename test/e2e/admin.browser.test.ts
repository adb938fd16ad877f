import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { runScriptedPurchase, type PurchaseResult } from "../../demo/script/purchase"
import { startDemo, type DemoStack } from "../../demo/stack"
import { accessibilityViolations } from "./axe"
import { launchChromium, screenshot } from "./browser"
import { openDashboardTurn, startingDemoStore } from "./dashboard-turn"
import { callJson, eventually } from "../../harness/http"
import { consumerChooses, ukAddress } from "../../harness/shopper"
import { adminHeaders } from "../../demo/script/purchase"
import { editAddingItemBeforeCapture, payLinkLater, readOrderPayments } from "./payment-link-steps"

// Medusa boots in about 20 s (on a copy of the demo store's template), and the first page of the
// dashboard waits for Vite to prepare the dashboard's packages (about 40 s on two cores).
jest.setTimeout(300_000)

let stack: DemoStack
let browser: Browser
let page: Page
let purchase: PurchaseResult
let endDashboardTurn: (() => void) | undefined

beforeAll(async () => {
  const [demo, chromium] = await Promise.allSettled([
    // Not while another file's dashboard is open: the start rewrites the files its Vite serves (dashboard-turn.ts).
    startingDemoStore(() =>
      startDemo({
        sandboxPort: 0,
        storePort: 0,
        storefrontPort: 0,
        // A copy of the demo store's migrated and seeded template: demo-stack.test.ts starts on an empty one.
        fromTemplate: true,
        logDir: path.resolve(__dirname, "../../test-output/e2e-admin"),
      }),
    ),
    launchChromium(),
  ])
  if (demo.status === "fulfilled") stack = demo.value
  if (chromium.status === "fulfilled") browser = chromium.value
  if (demo.status === "rejected") throw demo.reason
  if (chromium.status === "rejected") throw chromium.reason
  // A purchase paid later, shipped with a label, captured, then refunded £10 (demo/script).
  purchase = await runScriptedPurchase(stack, () => {})
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage()
  // From here the dashboard is open: no other e2e file starts a demo store until afterAll (dashboard-turn.ts).
  endDashboardTurn = await openDashboardTurn()
})

afterAll(async () => {
  await browser?.close()
  endDashboardTurn?.()
  await stack?.close()
})

const text = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? "").trim()

/** Logs into the dashboard at `storeUrl` on `target`, as a person typing the login would. */
async function logIn(target: Page, storeUrl: string, shot?: string): Promise<void> {
  // The first page waits for Vite to prepare the dashboard's packages: the wait is for the
  // login form, however long that takes, not for the page's load event.
  await target.goto(`${storeUrl}/app/login`, { waitUntil: "commit", timeout: 240_000 })
  await target.locator('input[name="email"]').waitFor({ timeout: 240_000 })
  if (shot) await screenshot(target, shot)
  await target.locator('input[name="email"]').fill(stack.seed.admin.email)
  await target.locator('input[name="password"]').fill(stack.seed.admin.password)
  await target.locator('button[type="submit"]').click()
  await target.waitForURL("**/app/orders**")
}

it("logs into the Medusa admin with the demo's login, at the host the banner prints", async () => {
  expect(new URL(stack.urls.store).hostname).toBe("localhost")
  // One host for everything the banner prints.
  for (const url of Object.values(stack.urls)) expect(new URL(url).hostname).toBe("localhost")
  await logIn(page, stack.urls.store, "admin-1-login")
})

it("logs into the admin at 127.0.0.1 too: the dashboard calls the server that served it", async () => {
  const other = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
  try {
    const otherPage = await other.newPage()
    const crossOrigin: string[] = []
    otherPage.on("request", (request) => {
      if (new URL(request.url()).hostname === "localhost") crossOrigin.push(request.url())
    })
    await logIn(otherPage, stack.urls.store.replace("//localhost:", "//127.0.0.1:"))
    expect(crossOrigin).toEqual([])
  } finally {
    await other.close()
  }
})

it("shows the pay later widget on the order page: captured, the refund, nothing open, the courier", async () => {
  await page.goto(`${stack.urls.store}/app/orders/${purchase.orderId}`)
  await page.getByTestId("bnpl-widget").waitFor()
  const total = `£${purchase.total.toFixed(2)}`
  expect(await text("bnpl-state")).toBe("Captured")
  expect(await text("bnpl-service-order-id")).toContain(purchase.serviceOrderId)
  expect(await text("bnpl-amount-authorised")).toBe(total)
  expect(await text("bnpl-amount-captured")).toBe(total)
  expect(await text("bnpl-amount-refunded")).toBe("£10.00")
  expect(await text("bnpl-amount-open")).toBe("£0.00")
  expect(await text("bnpl-courier")).toContain("RM123456789GB")
  // The service agrees with Medusa: no difference is reported.
  expect(await page.getByTestId("bnpl-differences").count()).toBe(0)
  await page.getByTestId("bnpl-widget").scrollIntoViewIfNeeded()
  await screenshot(page, "admin-2-order-widget")

  // "Refresh from the service" reads the payment again and says so.
  const requestsBefore = (await ledger()).requests
  await page.getByTestId("bnpl-refresh").click()
  await page.getByText("Read from the service.").first().waitFor()
  const requestsAfter = (await ledger()).requests
  expect(sumOf(requestsAfter)).toBeGreaterThan(sumOf(requestsBefore))
  expect(await text("bnpl-state")).toBe("Captured")
})

/** The dashboard's language, as its language setting keeps it (i18next's `lng` cookie and localStorage), then a reload. */
async function dashboardLanguage(code: string): Promise<void> {
  await page.evaluate((lng) => {
    localStorage.setItem("lng", lng)
    // biome-ignore lint/suspicious/noDocumentCookie: the dashboard reads its language from this cookie; the test sets it as the dashboard does.
    document.cookie = `lng=${lng}; path=/`
  }, code)
  await page.reload()
}

it("the admin in French: the Pay later box, its refund form and timeline, and the settings page in French with French amounts; axe-core finds no WCAG 2.2 A/AA violation in the box nor in the settings page", async () => {
  await page.goto(`${stack.urls.store}/app/orders/${purchase.orderId}`)
  await dashboardLanguage("fr")
  try {
    const box = page.getByTestId("bnpl-widget")
    await box.waitFor()
    expect(await box.getByRole("heading", { level: 2 }).first().textContent()).toBe("Payer plus tard")
    expect(await text("bnpl-state")).toBe("Capturé")
    expect(await box.getByText("Restant à capturer").count()).toBe(1)
    // French as Intl writes it for the dashboard's "fr": "10,00 £GB".
    expect(await text("bnpl-amount-refunded")).toBe(
      await page.evaluate(() => new Intl.NumberFormat("fr", { style: "currency", currency: "GBP" }).format(10)),
    )
    expect(await text("bnpl-amount-refunded")).toMatch(/^10,00\s£/)
    expect(await box.getByText("Actualiser depuis le service").count()).toBe(1)
    // The refund form, its refusal of a typed amount and the timeline in French too.
    const refundable = await page.evaluate(
      (amount) => new Intl.NumberFormat("fr", { style: "currency", currency: "GBP" }).format(amount),
      purchase.total - 10,
    )
    expect(await box.getByTestId("bnpl-refund-form").locator("label").first().textContent()).toBe(
      `Rembourser un montant (GBP, jusqu'à ${refundable})`,
    )
    await page.getByTestId("bnpl-refund-amount").fill("dix")
    expect(await text("bnpl-refund-amount-error")).toBe("Saisissez un montant en GBP, par exemple 12,50.")
    await page.getByTestId("bnpl-refund-amount").fill("")
    expect(await text("bnpl-timeline")).toMatch(/^Appels au service \(\d+/)
    await box.scrollIntoViewIfNeeded()
    await screenshot(page, "admin-fr-order-widget")
    expect(await accessibilityViolations(page, '[data-testid="bnpl-widget"]')).toEqual([])

    await page.goto(`${stack.urls.store}/app/settings/pay-later`)
    await page.getByTestId("bnpl-settings-form").first().waitFor()
    const settings = page.getByTestId("bnpl-settings-page")
    expect(await settings.getByRole("heading", { level: 1 }).textContent()).toBe("Payer plus tard")
    expect(await page.getByTestId("bnpl-settings-form").first().getByRole("heading", { level: 3 }).textContent()).toBe("Réglages")
    expect(await text("bnpl-test-connection-button")).toBe("Tester la connexion")
    expect(await text("bnpl-settings-save")).toBe("Enregistrer")
    expect(await settings.getByText("Proposer le paiement plus tard avec ce compte").count()).toBeGreaterThan(0)
    await screenshot(page, "admin-fr-settings")
    expect(await accessibilityViolations(page, '[data-testid="bnpl-settings-page"]')).toEqual([])
  } finally {
    await dashboardLanguage("en")
  }
})

it('"Copy payment link" after an edit before capture: the shopper pays the difference later on the demo storefront; the admin reloads to an order authorized in full', async () => {
  const { seed, urls } = stack
  const admin = await adminHeaders(urls.store, seed.admin)
  const { id: orderId } = await shopperOn(urls.store).buy(seed.variants.tote)
  const { owed, approved } = await editAddingItemBeforeCapture(urls.store, admin, orderId, seed.variants.tote)

  // What copy-to-clipboard puts on the clipboard is the selection at the copy event.
  await page.addInitScript(() => {
    document.addEventListener("copy", () => ((window as any).__copied = String(window.getSelection())), true)
  })
  await page.goto(`${urls.store}/app/orders/${orderId}`)
  // Medusa labels the button for screen readers "CopyPaymentLink code snippet"; its text reads "Copy payment link for £…".
  const copyLink = page.getByRole("button", { name: "CopyPaymentLink code snippet" })
  await copyLink.waitFor()
  expect(await copyLink.textContent()).toMatch(new RegExp(`^Copy payment link for .*${owed.amount.toFixed(2)}`))
  expect(await page.getByText("Partially authorized", { exact: true }).count()).toBeGreaterThan(0)
  await copyLink.scrollIntoViewIfNeeded()
  await screenshot(page, "admin-6-copy-payment-link")
  await copyLink.click()
  const link = await eventually(
    async () => (await page.evaluate(() => (window as any).__copied as string | undefined)) || undefined,
    "the copied link",
  )
  expect(link).toBe(`${urls.storefront}/payment-collection/${owed.id}?order_id=${orderId}`)

  // The shopper, in a browser of their own.
  const shopperContext = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  try {
    const shown = await payLinkLater(await shopperContext.newPage(), link, urls.sandbox, `${urls.storefront}/order/*/confirmed`)
    expect(shown).toBe(`£${owed.amount.toFixed(2)}`)
  } finally {
    await shopperContext.close()
  }

  await page.reload()
  await page.getByText("Authorized", { exact: true }).first().waitFor()
  expect(await page.getByText("Partially authorized", { exact: true }).count()).toBe(0)
  expect(await copyLink.count()).toBe(0)
  await screenshot(page, "admin-7-order-paid")
  const read = await readOrderPayments(urls.store, admin, orderId)
  expect(read.paymentStatus).toBe("authorized")
  const paid = read.collections.find((collection) => collection.id === owed.id)!
  expect(paid.status).toBe("authorized")
  expect(paid.payments).toEqual([{ provider_id: seed.providers.uk, amount: owed.amount }])
  // The service holds the first approval, kept whole, and a second one of exactly the difference.
  const auths = ((await callJson("GET", `${urls.sandboxControl}/ledger`)).auths as Array<Record<string, any>>).filter(
    (auth) => auth.status === "APPROVED",
  )
  expect(auths.map((auth) => auth.amount.amount)).toEqual(expect.arrayContaining([approved.amount.toFixed(2), owed.amount.toFixed(2)]))
})

it('"Refresh limits" on Settings → Pay later reads the account\'s new limits from the service', async () => {
  await page.goto(`${stack.urls.store}/app/settings/pay-later`)
  // The demo sells through the UK and the EU sandbox accounts: one card each, UK first.
  await page.getByTestId("bnpl-account").first().waitFor()
  expect(await page.getByTestId("bnpl-account").count()).toBe(2)
  expect(await page.getByTestId("bnpl-limits").nth(1).textContent()).toBe("€1.00 to €2,000.00")
  expect(await text("bnpl-sandbox-badge")).toBe("Sandbox")
  expect(await text("bnpl-reachable")).toBe("Answers")
  expect(await text("bnpl-limits")).toBe("£1.00 to £1,000.00")
  // The exact read time (the page shows the minute; a refresh may fall within the same one).
  const readAt = async () => (await page.getByTestId("bnpl-limits-read").first().locator("time").getAttribute("datetime")) ?? "—"
  const readBefore = await readAt()
  await screenshot(page, "admin-3-settings")

  // The service raises the account's maximum; the cached limits still say £1,000 until refreshed.
  await fetch(`${stack.urls.sandboxControl}/accounts/sandbox-uk-merchant/configuration`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ minimumAmount: "1.00", maximumAmount: "1500.00" }),
  })
  await page.getByTestId("bnpl-refresh-limits").first().click()
  await page.getByText("£1.00 to £1,500.00").waitFor()
  expect(await text("bnpl-limits-read")).not.toBe("")
  expect((await readAt()) !== readBefore || readBefore === "—").toBe(true)
  await screenshot(page, "admin-4-settings-refreshed")
})

it("settings saved on Settings → Pay later reach a second server within a minute: an excluded collection is refused, the next order is captured at approval, the change lists the admin's e-mail", async () => {
  const { seed, urls } = stack
  // A deployment's second instance, with its own memory, which has read the settings before the change.
  // Not while another file's dashboard is open (dashboard-turn.ts).
  const second = await startingDemoStore(() => stack.startAnotherServer())
  const { token } = await callJson<{ token: string }>("POST", `${urls.store}/auth/user/emailpass`, { body: seed.admin })
  const admin = { authorization: `Bearer ${token}` }
  const { products } = await callJson("GET", `${urls.store}/admin/products?fields=id,title,*variants&limit=100`, { headers: admin })
  const teaTowel = products.find((product: any) => product.variants.some((variant: any) => variant.id === seed.variants.teaTowel))
  const { collection: giftCards } = await callJson("POST", `${urls.store}/admin/collections`, {
    headers: admin,
    body: { title: "Gift cards" },
  })
  await callJson("POST", `${urls.store}/admin/collections/${giftCards.id}/products`, { headers: admin, body: { add: [teaTowel.id] } })

  const shopper = shopperOn(second.url)
  const mixedCart = await shopper.cart([seed.variants.tote, seed.variants.teaTowel])
  expect(await shopper.eligibility(mixedCart)).toMatchObject({ eligible: true })

  // The merchant, in the dashboard: the UK account's card is the first.
  await page.goto(`${urls.store}/app/settings/pay-later`)
  const form = page.getByTestId("bnpl-settings-form").first()
  await form.waitFor()
  // Picked by name, as a merchant finds it: no id typed.
  const collections = form.getByTestId("bnpl-exclusions-collectionIds")
  await collections.locator("input").fill("Gift")
  await collections.getByRole("button", { name: "+ Gift cards" }).click()
  await form.getByTestId("bnpl-settings-capture").click()
  await page.getByRole("option", { name: "On approval" }).click()
  await form.getByTestId("bnpl-settings-save").click()
  await page.getByText("Settings saved.").first().waitFor()
  const savedAt = Date.now()
  const changes = form.getByTestId("bnpl-settings-changes")
  await changes.waitFor()
  const logged = (await changes.locator("tbody tr").first().textContent()) ?? ""
  expect(logged).toContain(seed.admin.email)
  expect(logged).toContain("Capture: Manual (the admin captures) → On approval")
  expect(logged).toContain("Collections: Gift cards")
  expect(logged).not.toContain(giftCards.id)
  await form.scrollIntoViewIfNeeded()
  await screenshot(page, "admin-5-settings-saved")

  // The second server refuses the tea towel's cart once it has read the change: within a minute.
  const refused = await eventually(
    async () => {
      const answer = await shopper.eligibility(mixedCart)
      return answer.reason === "excluded_items" ? answer : undefined
    },
    "the second server to apply the exclusion",
    65_000,
  )
  expect(Date.now() - savedAt).toBeLessThan(60_000)
  expect(refused.excludedItems).toEqual([expect.objectContaining({ product_id: teaTowel.id })])

  // The next order, placed through the second server, is captured when the shopper approves it.
  const order = await shopper.buy(seed.variants.tote)
  const fields = "id,total,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures"
  const placed = await eventually(
    async () => {
      const { order: read } = await callJson("GET", `${second.url}/admin/orders/${order.id}?fields=${encodeURIComponent(fields)}`, {
        headers: admin,
      })
      return read.payment_collections[0]?.payments[0]?.captured_at ? read : undefined
    },
    "the order's capture",
    30_000,
  )
  const payment = placed.payment_collections[0].payments[0]
  expect(payment.captures.map((capture: any) => Number(capture.amount))).toEqual([Number(placed.total)])
  const captures = (await callJson("GET", `${urls.sandboxControl}/ledger`)).captures.filter(
    (capture: any) => capture.orderId === payment.data.orderId,
  )
  expect(captures.map((capture: any) => capture.amount.amount)).toEqual([Number(placed.total).toFixed(2)])
})

/** A shopper on the store at `storeUrl`, through Medusa's store API and the sandbox's page. */
function shopperOn(storeUrl: string) {
  const headers = { "x-publishable-api-key": stack.seed.publishableKey }
  const call = (method: string, route: string, body?: unknown) => callJson(method, `${storeUrl}${route}`, { headers, body })
  const cart = async (variants: string[]) => {
    const { cart: created } = await call("POST", "/store/carts", {
      region_id: stack.seed.regions.uk,
      email: "ada@example.com",
      items: variants.map((variant_id) => ({ variant_id, quantity: 1 })),
      shipping_address: ukAddress,
      billing_address: ukAddress,
    })
    await call("POST", `/store/carts/${created.id}/shipping-methods`, { option_id: stack.seed.shippingOptions.standard })
    return created.id as string
  }
  return {
    cart,
    eligibility: (cartId: string) => call("GET", `/store/bnpl/eligibility?cart_id=${cartId}`),
    /** One item of `variant`, approved on the service's page; the order Medusa placed. */
    async buy(variant: string): Promise<{ id: string }> {
      const cartId = await cart([variant])
      const { payment_collection: collection } = await call("POST", "/store/payment-collections", { cart_id: cartId })
      const { payment_collection: withSession } = await call("POST", `/store/payment-collections/${collection.id}/payment-sessions`, {
        provider_id: stack.seed.providers.uk,
      })
      const session = withSession.payment_sessions.find((candidate: any) => candidate.provider_id === stack.seed.providers.uk)
      const back = await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
      await fetch(back, { redirect: "manual" })
      return eventually(
        async () => {
          const status = await call("GET", `/store/bnpl/carts/${cartId}/status`)
          if (status.status === "failed") throw new Error(`the order was not placed: ${JSON.stringify(status)}`)
          return status.status === "completed" ? { id: status.order_id as string } : undefined
        },
        "the order",
        60_000,
      )
    },
  }
}

async function ledger(): Promise<{ requests: Record<string, number> }> {
  return (await fetch(`${stack.urls.sandboxControl}/ledger`)).json() as Promise<{ requests: Record<string, number> }>
}

function sumOf(counts: Record<string, number>): number {
  return Object.values(counts).reduce((total, count) => total + count, 0)
}
