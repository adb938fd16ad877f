import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { runScriptedPurchase, type PurchaseResult } from "../../demo/script/purchase"
import { startDemo, type DemoStack } from "../../demo/stack"
import { launchChromium, screenshot } from "./browser"

// Medusa boots in about 20 s, migrations take about as long again, and the first page of the
// dashboard waits for Vite to prepare the dashboard's packages (about 40 s on two cores).
jest.setTimeout(300_000)

let stack: DemoStack
let browser: Browser
let page: Page
let purchase: PurchaseResult

beforeAll(async () => {
  const [demo, chromium] = await Promise.allSettled([
    startDemo({
      sandboxPort: 0,
      storePort: 0,
      storefrontPort: 0,
      freshDatabase: true,
      logDir: path.resolve(__dirname, "../../test-output/e2e-admin"),
    }),
    launchChromium(),
  ])
  if (demo.status === "fulfilled") stack = demo.value
  if (chromium.status === "fulfilled") browser = chromium.value
  if (demo.status === "rejected") throw demo.reason
  if (chromium.status === "rejected") throw chromium.reason
  // A purchase paid later, shipped with a label, captured, then refunded £10 (demo/script).
  purchase = await runScriptedPurchase(stack, () => {})
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage()
})

afterAll(async () => {
  await browser?.close()
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

async function ledger(): Promise<{ requests: Record<string, number> }> {
  return (await fetch(`${stack.urls.sandboxControl}/ledger`)).json() as Promise<{ requests: Record<string, number> }>
}

function sumOf(counts: Record<string, number>): number {
  return Object.values(counts).reduce((total, count) => total + count, 0)
}
