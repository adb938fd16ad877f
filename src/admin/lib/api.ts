import Medusa from "@medusajs/js-sdk"
import type { AccountStatus } from "../../runtime/accounts/accounts"
import type { JobRun } from "../../runtime/records/job-runs"
import type { AccountSettingsView } from "../../runtime/config/settings-changes"
import type { AccountSettings, StoredSettings } from "../../runtime/config/account-settings"
import type { PaymentView } from "../../runtime/views/payment-view"
import type { ConnectionTestResult } from "../../runtime/accounts/connection-test"
import type { FindingsView } from "../../api/admin/bnpl/reconciliation/findings"
import type { AccountHealth, HealthWindow } from "../../runtime/views/service-health"

export type {
  AccountHealth,
  AccountSettings,
  AccountSettingsView,
  AccountStatus,
  ConnectionTestResult,
  FindingsView,
  HealthWindow,
  JobRun,
  PaymentView,
  StoredSettings,
}

const sdk = new Medusa({ baseUrl: "/", auth: { type: "session" } })

const post = <T>(path: string, body: Record<string, unknown> = {}) => sdk.client.fetch<T>(path, { method: "POST", body })

/** The plugin's admin routes, with the dashboard's session. Errors carry the plugin's message. */
export const payLaterApi = {
  orderPayments: (orderId: string) => sdk.client.fetch<{ payments: PaymentView[] }>(`/admin/bnpl/orders/${orderId}/payments`),
  refreshPayment: (paymentId: string) => post<{ payment: PaymentView }>(`/admin/bnpl/payments/${paymentId}/refresh`),
  captureRest: (paymentId: string) => post<{ payment: PaymentView }>(`/admin/bnpl/payments/${paymentId}/capture-rest`),
  /**
   * Medusa's own capture route, so Medusa records the capture. `amount` is the checked API
   * string; Medusa takes a JSON number, made here at the boundary only.
   */
  capturePayment: (paymentId: string, amount: string) =>
    post<{ payment: { id: string } }>(`/admin/payments/${paymentId}/capture`, { amount: Number(amount) }),
  /** The box's refund, through Medusa's refund workflow. `amount` is the checked API string. */
  refund: (paymentId: string, body: { amount: string; refund_reason_id?: string; note?: string }) =>
    post<{ payment: PaymentView }>(`/admin/bnpl/payments/${paymentId}/refund`, body),
  /** Medusa's own refund reasons (Settings -> Refund reasons), as its Refund dialog lists them. */
  refundReasons: () =>
    sdk.client.fetch<{ refund_reasons: Array<{ id: string; label: string }> }>("/admin/refund-reasons", {
      query: { limit: 100, fields: "id,label" },
    }),
  voidRest: (paymentId: string) => post<{ payment: PaymentView }>(`/admin/bnpl/payments/${paymentId}/void-rest`),
  accounts: () => sdk.client.fetch<{ accounts: AccountStatus[] }>("/admin/bnpl/accounts"),
  refreshLimits: (accountId: string) => post<{ account: AccountStatus }>(`/admin/bnpl/accounts/${accountId}/limits/refresh`),
  accountSettings: (accountId: string) => sdk.client.fetch<{ settings: AccountSettingsView }>(`/admin/bnpl/accounts/${accountId}/settings`),
  saveAccountSettings: (accountId: string, changes: StoredSettings) =>
    post<{ settings: AccountSettingsView }>(`/admin/bnpl/accounts/${accountId}/settings`, changes),
  testConnection: (accountId: string) => post<{ connection: ConnectionTestResult }>(`/admin/bnpl/accounts/${accountId}/test-connection`),
  health: (accountId: string) =>
    sdk.client.fetch<{ accounts: Array<AccountHealth & { id: string; providerId: string }> }>("/admin/bnpl/health", {
      query: { account_id: accountId },
    }),
  jobs: () => sdk.client.fetch<{ jobs: Array<{ job: string; lastRun: JobRun | null }> }>("/admin/bnpl/jobs"),
  reconciliation: () => sdk.client.fetch<FindingsView>("/admin/bnpl/reconciliation"),
  voidFinding: (serviceOrderId: string, providerId: string) =>
    post<FindingsView>("/admin/bnpl/reconciliation/void", { service_order_id: serviceOrderId, provider_id: providerId }),
  completeFinding: (cartId: string) =>
    post<FindingsView & { order_id: string }>("/admin/bnpl/reconciliation/complete", { cart_id: cartId }),
}

/** The message to show for a failed call: the plugin's own, else the error's. */
export function errorMessage(error: unknown): string {
  return (error as { message?: string })?.message || "The request failed."
}
