import axios from "axios"
import type { Page } from "playwright-core"
import { eventually } from "../../harness/http"
import { editOrderAddingItem } from "../support/order-edit"

/** A payment collection of an order as Medusa's admin API reads it; `amount` in major units. */
export interface OrderCollection {
  id: string
  status: string
  amount: number
  payments: Array<{ provider_id: string; amount: number }>
}

/** The order's payment status and its payment collections, read through Medusa's admin API. */
export async function readOrderPayments(
  storeUrl: string,
  admin: Record<string, string>,
  orderId: string,
): Promise<{ paymentStatus: string; collections: OrderCollection[] }> {
  const fields = "id,payment_status,*payment_collections,*payment_collections.payments"
  const { data } = await axios.get(`${storeUrl}/admin/orders/${orderId}?fields=${encodeURIComponent(fields)}`, { headers: admin })
  const collections = (data.order.payment_collections as Array<Record<string, any>>).map((collection) => ({
    id: collection.id as string,
    status: collection.status as string,
    amount: Number(collection.amount),
    payments: ((collection.payments ?? []) as Array<Record<string, any>>).map((payment) => ({
      provider_id: payment.provider_id as string,
      amount: Number(payment.amount),
    })),
  }))
  return { paymentStatus: data.order.payment_status as string, collections }
}

/**
 * The admin's order edit adding one of `variantId` to an order paid later and not captured,
 * through Medusa's admin routes; answers once the plugin has put the shopper's approval on the
 * order's new payment collection (authorised) and Medusa holds the rest in a `not_paid`
 * collection: the one behind the order page's "Copy payment link".
 */
export async function editAddingItemBeforeCapture(
  storeUrl: string,
  admin: Record<string, string>,
  orderId: string,
  variantId: string,
): Promise<{ owed: OrderCollection; approved: OrderCollection }> {
  await editOrderAddingItem(axios.create({ baseURL: storeUrl }), { headers: admin }, orderId, variantId)
  return eventually(
    async () => {
      const { collections } = await readOrderPayments(storeUrl, admin, orderId)
      const owed = collections.find((collection) => collection.status === "not_paid")
      const approved = collections.find((collection) => collection.status === "authorized")
      return owed && approved ? { owed, approved } : undefined
    },
    "the approval carried to the edited order and the difference left to pay",
    30_000,
  )
}

/**
 * The shopper on the storefront's page behind the payment link: the amount owed (text of
 * `#amount-owed`), the pay-later button, Confirm on the service's page, then the storefront's
 * order page (`orderPage`, a glob). Answers the amount the page showed.
 */
export async function payLinkLater(page: Page, link: string, sandboxUrl: string, orderPage: string): Promise<string> {
  await page.goto(link)
  await page.locator("#amount-owed").waitFor()
  const shown = ((await page.locator("#amount-owed").textContent()) ?? "").trim()
  const payLater = page.getByRole("button", { name: /^Pay .*later$/ })
  // The page renders its amount and its action at once: no button then means the page said why.
  if (!(await payLater.isVisible()))
    throw new Error(`the link page offers no pay-later button: ${await page.locator("body").textContent()}`)
  await payLater.click()
  await page.waitForURL(`${sandboxUrl}/checkout/**`)
  await page.locator("#confirm").click()
  await page.waitForURL(orderPage)
  await page.locator("#order-confirmed").waitFor()
  return shown
}
