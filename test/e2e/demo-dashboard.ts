import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { startDemo, type DemoStack } from "../../demo/stack"
import { launchChromium } from "./browser"
import { openDashboardTurn, startingDemoStore } from "./dashboard-turn"

/** A demo stack with its dashboard open in Chromium at 1440x1000, signed in as the demo's admin. */
export interface DemoDashboard {
  stack: DemoStack
  page: Page
  /** Closes the browser, ends the dashboard's turn and stops the stack. */
  close(): Promise<void>
}

/**
 * Starts a demo stack on a copy of the demo store's template database (logs in test-output/<logDir>) when no other file's
 * dashboard is open, then opens its dashboard once no other file is starting a demo store
 * (dashboard-turn.ts), and signs in as a person would, typing the login. The first page waits
 * for Vite to prepare the dashboard's packages: the wait is for the login form, however long.
 */
export async function openDemoDashboard(logDir: string): Promise<DemoDashboard> {
  let stack: DemoStack | undefined
  let browser: Browser | undefined
  let endTurn: (() => void) | undefined
  const close = async () => {
    await browser?.close()
    endTurn?.()
    await stack?.close()
  }
  try {
    const [demo, chromium] = await Promise.allSettled([
      startingDemoStore(() =>
        startDemo({
          sandboxPort: 0,
          storePort: 0,
          storefrontPort: 0,
          fromTemplate: true,
          logDir: path.resolve(__dirname, "../../test-output", logDir),
        }),
      ),
      launchChromium(),
    ])
    if (demo.status === "fulfilled") stack = demo.value
    if (chromium.status === "fulfilled") browser = chromium.value
    if (demo.status === "rejected") throw demo.reason
    if (chromium.status === "rejected") throw chromium.reason
    const page = await browser!.newContext({ viewport: { width: 1440, height: 1000 } }).then((context) => context.newPage())
    endTurn = await openDashboardTurn()
    await signInToDashboard(page, stack!.urls.store, stack!.seed.admin)
    return { stack: stack!, page, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Opens the store's dashboard (`<storeUrl>/app`) and signs in as a person would, typing the
 * login; resolves on the orders list. The first page of a dashboard in development waits for
 * Vite to prepare its packages: the wait for the login form is up to 4 minutes.
 */
export async function signInToDashboard(page: Page, storeUrl: string, admin: { email: string; password: string }): Promise<void> {
  await page.goto(`${storeUrl}/app/login`, { waitUntil: "commit", timeout: 240_000 })
  const email = page.locator('input[name="email"]')
  await email.waitFor({ timeout: 240_000 })
  await email.fill(admin.email)
  await page.locator('input[name="password"]').fill(admin.password)
  await Promise.all([page.waitForURL("**/app/orders**"), page.locator('button[type="submit"]').click()])
}
