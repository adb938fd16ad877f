import type { Page } from "playwright-core"
import type { DemoStack } from "../../demo/stack"
import { screenshot } from "./browser"
import { openDemoDashboard, type DemoDashboard } from "./demo-dashboard"

jest.setTimeout(600_000)

let dashboard: DemoDashboard | undefined
let stack: DemoStack
let page: Page

beforeAll(async () => {
  dashboard = await openDemoDashboard("e2e-admin-settings")
  ;({ stack, page } = dashboard)
})

afterAll(async () => {
  await dashboard?.close()
})

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
  expect(await products.getByTestId("bnpl-exclusion-picked").textContent()).toContain("Tea Towel")
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
