import type { Page } from "playwright-core"

/**
 * Signs `page` into the dashboard at `storeUrl` with `login`, typing it as a person would, and
 * waits for the orders list. The first page waits for Vite to prepare the dashboard's packages,
 * so the wait is for the login form, however long that takes.
 */
export async function signIntoDashboard(page: Page, storeUrl: string, login: { email: string; password: string }): Promise<void> {
  await page.goto(`${storeUrl}/app/login`, { waitUntil: "commit", timeout: 240_000 })
  const email = page.locator('input[name="email"]')
  await email.waitFor({ timeout: 240_000 })
  await email.fill(login.email)
  await page.locator('input[name="password"]').fill(login.password)
  await Promise.all([page.waitForURL("**/app/orders**"), page.locator('button[type="submit"]').click()])
}
