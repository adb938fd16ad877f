import { existsSync, mkdirSync } from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"

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
