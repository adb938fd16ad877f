import { existsSync, mkdirSync } from "node:fs"
import path from "node:path"
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core"

/** Debian's Chromium (`apt-get install chromium`); playwright-core brings no browser of its own. */
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

// Quiet, headless and offline: no GPU, no sandbox (root in CI), no calls home.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** Launches Chromium, or throws saying how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`)
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
}

const SCREENSHOTS = path.resolve(__dirname, "../../test-output/screenshots")

/** Saves a screenshot of the step as test-output/screenshots/<name>.png: the full page, or with `fullPage: false` the window as a person sees it. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage })
}

/**
 * Starts a stack (`starting`) and Chromium at once. Whichever started is handed to `keep`
 * before the other's failure is thrown, so afterAll stops it.
 */
export async function startWithChromium<T>(starting: Promise<T>, keep: (started: { stack?: T; browser?: Browser }) => void): Promise<void> {
  const [stack, browser] = await Promise.allSettled([starting, launchChromium()])
  keep({
    stack: stack.status === "fulfilled" ? stack.value : undefined,
    browser: browser.status === "fulfilled" ? browser.value : undefined,
  })
  if (stack.status === "rejected") throw stack.reason
  if (browser.status === "rejected") throw browser.reason
}

/** A new shopper: a browser context of its own (its own localStorage, so its own cart) and its page. */
export async function newShopperPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } })
  return { context, page: await context.newPage() }
}
