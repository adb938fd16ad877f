import type { BrowserContext, Locator, Page } from "playwright-core"

/** The sandbox's express popup's controls, by the `data-testid`s docs/sandbox.md lists. */
export const POPUP = {
  address: (presetId: string) => `[data-testid="express-address-${presetId}"]`,
  options: '[data-testid^="express-option-"]',
  status: '[data-testid="express-status"]',
  confirm: '[data-testid="express-confirm"]',
  cancel: '[data-testid="express-cancel"]',
}

/**
 * Presses the page's express button and returns the popup it opened, once it shows the
 * checkout (the library navigates it from its loading page to `{sandbox}/express/popup/{token}`).
 */
export async function openExpressPopup(context: BrowserContext, button: Locator, sandboxUrl: string): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent("page"), button.click()])
  await popup.waitForURL(`${sandboxUrl}/express/popup/**`)
  await popup.locator(POPUP.address("gb-london")).waitFor()
  return popup
}

/** Presses Cancel and waits until the popup has closed itself (a press before that would reuse the window). */
export async function cancelInPopup(popup: Page): Promise<void> {
  await Promise.all([popup.waitForEvent("close"), popup.locator(POPUP.cancel).click()])
}
