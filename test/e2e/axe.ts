import type { Page } from "playwright-core"

/** axe-core's browser bundle, injected into the page under test. */
const AXE_SCRIPT = require.resolve("axe-core/axe.min.js")

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags them. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

/**
 * What axe-core finds against WCAG 2.2 A/AA on the page as it stands: the whole page, or only
 * inside `include` (a CSS selector: the plugin's own elements on a page that is not ours).
 * One line per violation: its rule, its help text and where (the first three elements).
 */
export async function accessibilityViolations(page: Page, include?: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT })
  return page.evaluate(
    async ({ tags, include }) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: unknown,
              options: unknown,
            ) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> }>
          }
        }
      ).axe
      const result = await axe.run(include ? { include: [include] } : document, { runOnly: { type: "tag", values: tags } })
      return result.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(" "))
            .join(", ")})`,
      )
    },
    { tags: WCAG_22_AA, include },
  )
}
