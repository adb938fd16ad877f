import type { Page } from "playwright-core"

/**
 * The layout of the plugin's admin extensions measured in the page, as a merchant sees it:
 * where Tailwind's classes for the extensions are missing from the dashboard's stylesheet (the
 * demo's admin once built without them), the box's figures run together, the settings' labels
 * sit over their values and badges are cut off, though every text is still there. Each check
 * returns what is wrong in words (empty when the layout holds), so one failure names every
 * element that is out of place. They run on the demo's dashboard (test/e2e) and on an app
 * installed from the tarball (test/install).
 */

// Pixels a browser's rounding may move an edge; a missing gap or column is far more.
const ROUNDING = 2
// The box's figures sit 32 px apart (gap-x-8); with no gap they touch.
const FIGURE_GAP = 16

/**
 * The Pay later box on an open order page (its `bnpl-widget` rendered): the figures of its
 * header (Authorised, Captured, Refunded, Open to capture, Released) side by side on one line
 * with a visible gap, each label over its value; the rows' values beside their labels and
 * aligned on the right; its state badge not cut off.
 */
export async function payLaterBoxLayoutProblems(page: Page): Promise<string[]> {
  await page.getByTestId("bnpl-amounts").first().waitFor()
  return page.evaluate(
    ({ rounding, figureGap }) => {
      const problems: string[] = []
      const box = document.querySelector('[data-testid="bnpl-widget"]')!
      const words = (element: Element) => (element.textContent ?? "").trim()
      const figures = Array.from(box.querySelector('[data-testid="bnpl-amounts"]')!.children)
      figures.forEach((figure, index) => {
        const [label, value] = Array.from(figure.children).map((part) => part.getBoundingClientRect())
        if (!label || !value || value.top < label.bottom - rounding)
          problems.push(`figure "${words(figure)}": its label is not over its value`)
        if (index === 0) return
        const before = figures[index - 1].getBoundingClientRect()
        const here = figure.getBoundingClientRect()
        if (Math.abs(here.top - before.top) > rounding)
          problems.push(`figure "${words(figure)}" is not on the line of "${words(figures[index - 1])}" (top ${here.top} vs ${before.top})`)
        else if (here.left < before.right + figureGap)
          problems.push(
            `figure "${words(figure)}" runs into "${words(figures[index - 1])}" (${Math.round(here.left - before.right)} px apart)`,
          )
      })
      // A row's value is right-aligned in its column: where its text ends, not its block.
      const rights: Array<{ row: string; right: number }> = []
      for (const testId of ["bnpl-service-order-id", "bnpl-expiry", "bnpl-courier"]) {
        const value = box.querySelector(`[data-testid="${testId}"]`)
        const label = value?.previousElementSibling
        if (!value || !label) {
          problems.push(`row ${testId} is missing`)
          continue
        }
        const [labelBox, valueBox] = [label.getBoundingClientRect(), value.getBoundingClientRect()]
        if (valueBox.left < labelBox.right - rounding || valueBox.top > labelBox.bottom)
          problems.push(`row "${words(label)}": its value is not beside its label`)
        const text = document.createRange()
        text.selectNodeContents(value)
        rights.push({ row: words(label), right: text.getBoundingClientRect().right })
      }
      const rightmost = Math.max(...rights.map((entry) => entry.right))
      for (const { row, right } of rights)
        if (rightmost - right > rounding)
          problems.push(`row "${row}": its value ends ${Math.round(rightmost - right)} px short of the others`)
      const state = box.querySelector('[data-testid="bnpl-state"]')
      if (state && state.scrollWidth > state.clientWidth)
        problems.push(`state badge "${words(state)}" is cut off (${state.scrollWidth} px of text in ${state.clientWidth})`)
      return problems
    },
    { rounding: ROUNDING, figureGap: FIGURE_GAP },
  )
}

/**
 * Settings -> Pay later (its account cards rendered): each account's labels beside their values
 * on one row, and the Jobs table's outcome badges not cut off. Waits up to `jobsWithin` ms for a
 * job's first run (the completion job runs every minute), since a job not yet run has no badge.
 */
export async function payLaterSettingsLayoutProblems(page: Page, jobsWithin = 90_000): Promise<string[]> {
  await page.getByTestId("bnpl-account").first().waitFor()
  const deadline = Date.now() + jobsWithin
  const outcome = '[data-testid^="bnpl-job-"] td:nth-child(3) > div > :first-child'
  while ((await page.locator(outcome).count()) === 0 && Date.now() < deadline) {
    await page.waitForTimeout(5_000)
    await page.reload()
    await page.getByTestId("bnpl-account").first().waitFor()
  }
  return page.evaluate(
    ({ rounding, outcome }) => {
      const problems: string[] = []
      const words = (element: Element) => (element.textContent ?? "").trim()
      const accounts = Array.from(document.querySelectorAll('[data-testid="bnpl-account"]'))
      if (accounts.length === 0) problems.push("no account card")
      for (const account of accounts) {
        for (const testId of ["bnpl-capture", "bnpl-enabled", "bnpl-reachable", "bnpl-limits"]) {
          const value = account.querySelector(`[data-testid="${testId}"]`)
          const label = value?.previousElementSibling
          if (!value || !label) {
            problems.push(`field ${testId} is missing`)
            continue
          }
          const [labelBox, valueBox] = [label.getBoundingClientRect(), value.getBoundingClientRect()]
          const sameRow = valueBox.top < labelBox.bottom && labelBox.top < valueBox.bottom
          if (!sameRow || valueBox.left < labelBox.right - rounding)
            problems.push(`field "${words(label)}": its value is not beside its label`)
        }
      }
      const badges = Array.from(document.querySelectorAll(outcome))
      if (badges.length === 0) problems.push("no job has run: no outcome badge to measure")
      for (const badge of badges) {
        for (const part of [badge, ...Array.from(badge.querySelectorAll("*"))]) {
          if (part.scrollWidth > part.clientWidth && part.clientWidth > 0)
            problems.push(`job outcome badge "${words(badge)}" is cut off (${part.scrollWidth} px of text in ${part.clientWidth})`)
        }
      }
      return problems
    },
    { rounding: ROUNDING, outcome },
  )
}
