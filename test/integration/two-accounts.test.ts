import { updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { reconcilePayments } from "../../src/operations/reconcile"
import { getPluginRuntime } from "../../src/runtime/accounts/plugin-runtime"
import { startPayLaterCheckout } from "../../src/storefront"
import { recordReconciliationFindings } from "../../src/runtime/records/reconciliation-findings"
import { eventually, placeOrder, readPayment, type PlacedOrder } from "../support/place-order"
import type { SeededStore } from "../support/seed-store"
import { describeStore } from "../support/store-suite"
import { Shopper, consumerChooses, euAddress, ukAddress } from "../../harness/shopper"

jest.setTimeout(180_000)

const UK_MERCHANT = "100101"
const EU_MERCHANT = "100201"

// A store selling in GBP and EUR with both sandbox accounts, one provider entry each
// (test/integration/store/medusa-config.js, BNPL_ACCOUNTS=both), over OAuth; the UK account
// captures by hand, the EU account on shipment.
/** Issue "Several merchant accounts in one store: UK and EU side by side". */
describeStore({ BNPL_ACCOUNTS: "both", BNPL_AUTH_SCHEME: "oauth", BNPL_CAPTURE: "manual", BNPL_EU_CAPTURE: "on_shipment" }, (suite) => {
  const { api, getContainer, control } = suite
  let store: SeededStore
  let admin: { headers: Record<string, string> }
  beforeEach(() => {
    ;({ store, admin } = suite)
  })

  const ship = async (order: PlacedOrder, tracking: string) => {
    const { data } = await api.post(
      `/admin/orders/${order.orderId}/fulfillments?fields=id,*fulfillments`,
      { items: order.items, location_id: store.stockLocationId },
      admin,
    )
    await api.post(
      `/admin/orders/${order.orderId}/fulfillments/${data.order.fulfillments[0].id}/shipments`,
      {
        items: order.items,
        labels: [{ tracking_number: tracking, tracking_url: "https://track.example.com/1", label_url: "https://labels.example.com/1.pdf" }],
      },
      admin,
    )
  }

  it("each region offers its own account, and eligibility names the provider serving the cart's currency", async () => {
    expect(store.providers).toEqual({ uk: "pp_bnpl_bnpl-uk", eu: "pp_bnpl_bnpl-eu" })
    const shopper = new Shopper(api, store.publishableKey)
    const ukCart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      address: ukAddress,
    })
    const euCart = await shopper.createCart({
      regionId: store.regions.eu,
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      address: euAddress,
    })
    expect(await shopper.eligibility(ukCart.id)).toMatchObject({
      eligible: true,
      currency: "GBP",
      providerId: "pp_bnpl_bnpl-uk",
      maximumAmount: "1000.00",
    })
    expect(await shopper.eligibility(euCart.id)).toMatchObject({
      eligible: true,
      currency: "EUR",
      providerId: "pp_bnpl_bnpl-eu",
      maximumAmount: "2000.00",
    })
    const { data: limits } = await api.get("/store/bnpl/limits?currency_code=eur&amount=1500", {
      headers: { "x-publishable-api-key": store.publishableKey },
    })
    expect(limits).toMatchObject({ eligible: true, currency: "EUR", providerId: "pp_bnpl_bnpl-eu" })
    const { data: unserved } = await api.get("/store/bnpl/limits?currency_code=usd", {
      headers: { "x-publishable-api-key": store.publishableKey },
    })
    // No account serves USD: no other currency's limits (issue 34, item 5).
    expect(unserved).toEqual({ eligible: false, reason: "unsupported_currency", currency: "USD" })
    const { data: unservedAmount } = await api.get("/store/bnpl/limits?currency_code=usd&amount=10", {
      headers: { "x-publishable-api-key": store.publishableKey },
    })
    expect(unservedAmount).toEqual({ eligible: false, reason: "unsupported_currency", currency: "USD", amount: "10.00" })

    // A region where the merchant did not enable the EU account: not offered there.
    await updateRegionsWorkflow(getContainer()).run({
      input: { selector: { id: store.regions.eu }, update: { payment_providers: ["pp_system_default"] } },
    })
    expect(await shopper.eligibility(euCart.id)).toMatchObject({ eligible: false, reason: "not_in_region", providerId: "pp_bnpl_bnpl-eu" })
    await updateRegionsWorkflow(getContainer()).run({
      input: { selector: { id: store.regions.eu }, update: { payment_providers: [store.providers.eu, "pp_system_default"] } },
    })

    // The storefront kit pays with the provider the cart's region offers, with no providerId given.
    await shopper.addShippingMethod(euCart.id, store.shippingOptions.standard)
    const kit = { baseUrl: api.defaults.baseURL!, publishableKey: store.publishableKey }
    const started = await startPayLaterCheckout(kit, euCart.id)
    expect(started).toEqual({ redirectUrl: expect.stringMatching(/^http/) })
    expect((await control.ledger()).checkouts.map((checkout) => [checkout.merchantId, checkout.amount.currency])).toEqual([
      [EU_MERCHANT, "EUR"],
    ])

    const { data: status } = await api.get("/admin/bnpl/status", admin)
    expect(
      status.accounts.map((account: any) => [account.providerId, account.region, account.currency, account.capture, account.reachable]),
    ).toEqual([
      ["pp_bnpl_bnpl-uk", "UK", "GBP", "manual", true],
      ["pp_bnpl_bnpl-eu", "EU", "EUR", "on_shipment", true],
    ])
    const { data: listed } = await api.get("/admin/bnpl/accounts", admin)
    expect(listed.accounts.map((account: any) => [account.providerId, account.currency, account.limits.maximumAmount.amount])).toEqual([
      ["pp_bnpl_bnpl-uk", "GBP", "1000.00"],
      ["pp_bnpl_bnpl-eu", "EUR", "2000.00"],
    ])
    expect(JSON.stringify([status, listed])).not.toMatch(/secret|100101|100201|Basic |Bearer /i)
  })

  it("a GBP cart pays through the UK account and a EUR cart through the EU account; capture, shipment and refund each go to the account that made the payment", async () => {
    const ukOrder = await placeOrder(api, getContainer(), store, { region: "uk", quantity: 1 })
    const euOrder = await placeOrder(api, getContainer(), store, { region: "eu", quantity: 1 })

    let ledger = await control.ledger()
    const merchantOf = (orderId: string) => ledger.payments.find((payment) => payment.id === orderId)?.merchantId
    expect(merchantOf(ukOrder.serviceOrderId)).toBe(UK_MERCHANT)
    expect(merchantOf(euOrder.serviceOrderId)).toBe(EU_MERCHANT)
    const ukPayment = await readPayment(getContainer(), ukOrder.paymentId)
    const euPayment = await readPayment(getContainer(), euOrder.paymentId)
    expect([ukPayment.provider_id, ukPayment.data.merchantId, ukPayment.data.region]).toEqual(["pp_bnpl_bnpl-uk", UK_MERCHANT, "UK"])
    expect([euPayment.provider_id, euPayment.data.merchantId, euPayment.data.region]).toEqual(["pp_bnpl_bnpl-eu", EU_MERCHANT, "EU"])
    expect(JSON.stringify([ukPayment.data, euPayment.data])).not.toMatch(/secret/i)

    // UK: captured by the admin, then shipped.
    expect((await api.post(`/admin/payments/${ukOrder.paymentId}/capture`, {}, admin)).status).toBe(200)
    await ship(ukOrder, "UK-0001")
    // EU: the shipment captures (capture: on_shipment for that account only).
    await ship(euOrder, "EU-0001")
    await eventually(async () =>
      (await control.ledger()).captures.length === 2 && (await control.ledger()).courierUpdates.length === 2 ? true : undefined,
    )
    ledger = await control.ledger()
    expect(ledger.captures.map((capture) => [capture.merchantId, capture.orderId, capture.amount])).toEqual([
      [UK_MERCHANT, ukOrder.serviceOrderId, { amount: ukOrder.total.toFixed(2), currency: "GBP" }],
      [EU_MERCHANT, euOrder.serviceOrderId, { amount: euOrder.total.toFixed(2), currency: "EUR" }],
    ])
    expect(ledger.courierUpdates.map((update) => [update.merchantId, update.orderId, update.courier.tracking])).toEqual([
      [UK_MERCHANT, ukOrder.serviceOrderId, "UK-0001"],
      [EU_MERCHANT, euOrder.serviceOrderId, "EU-0001"],
    ])

    expect((await api.post(`/admin/payments/${ukOrder.paymentId}/refund`, { amount: 5 }, admin)).status).toBe(200)
    expect((await api.post(`/admin/payments/${euOrder.paymentId}/refund`, { amount: 7.5 }, admin)).status).toBe(200)
    ledger = await control.ledger()
    expect(ledger.refunds.map((refund) => [refund.merchantId, refund.orderId, refund.amount])).toEqual([
      [UK_MERCHANT, ukOrder.serviceOrderId, { amount: "5.00", currency: "GBP" }],
      [EU_MERCHANT, euOrder.serviceOrderId, { amount: "7.50", currency: "EUR" }],
    ])
  })

  /** A cart of one tote in the region's currency, with an address there and standard shipping. */
  async function toteCartIn(shopper: Shopper, region: "uk" | "eu") {
    const cart = await shopper.createCart({
      regionId: store.regions[region],
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      address: region === "uk" ? ukAddress : euAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    return cart
  }

  it("with OAuth, a burst of checkouts in both currencies asks the token service once per account", async () => {
    const shopper = new Shopper(api, store.publishableKey)
    const carts = []
    for (const region of ["uk", "eu", "uk", "eu", "uk", "eu", "uk", "eu"] as const) {
      const cart = await toteCartIn(shopper, region)
      carts.push({ id: cart.id, provider: store.providers[region] })
    }
    // The sandbox forgets every token it issued: each account's cached token is refused once.
    await control.reset()
    await Promise.all(carts.map((cart) => shopper.initiatePaymentSession(cart.id, cart.provider)))
    const ledger = await control.ledger()
    expect(ledger.checkouts.map((checkout) => checkout.merchantId).sort()).toEqual(
      [...Array(4).fill(UK_MERCHANT), ...Array(4).fill(EU_MERCHANT)].sort(),
    )
    expect(ledger.tokenRequestsByMerchant).toEqual({ [UK_MERCHANT]: 1, [EU_MERCHANT]: 1 })
  })

  it("reconciliation runs for each account and reports each account's orphans, shown to the admin with their provider", async () => {
    const shopper = new Shopper(api, store.publishableKey)
    const runtime = getPluginRuntime(getContainer())
    const orphans: Record<string, string> = {}
    for (const region of ["uk", "eu"] as const) {
      const cart = await toteCartIn(shopper, region)
      const session = await shopper.initiatePaymentSession(cart.id, store.providers[region])
      await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
      // Approved at the service behind Medusa's back (a store that crashed, a script): no order claims it.
      const account = runtime.accounts.find((candidate) => candidate.providerId === store.providers[region])!
      const approval = await account.client.auth({ token: session.data.token, requestId: `orphan-${region}-${Date.now()}` })
      orphans[account.providerId] = approval.id
    }
    const later = new Date(Date.now() + 2 * 3600 * 1000)
    for (const account of runtime.accounts) {
      const report = await reconcilePayments(getContainer(), { account, now: later })
      expect(report.orphaned.map((orphan) => [orphan.orderId, orphan.voided])).toEqual([[orphans[account.providerId], true]])
      await recordReconciliationFindings(account.options, report)
    }
    const voided = (await control.ledger()).voids.map((entry) => [entry.merchantId, entry.orderId])
    expect(voided.sort()).toEqual(
      [
        [UK_MERCHANT, orphans["pp_bnpl_bnpl-uk"]],
        [EU_MERCHANT, orphans["pp_bnpl_bnpl-eu"]],
      ].sort(),
    )
    const { data: findings } = await api.get("/admin/bnpl/reconciliation", admin)
    expect(findings.findings.map((finding: any) => [finding.providerId, finding.serviceOrderId]).sort()).toEqual(
      Object.entries(orphans).sort(),
    )
  })
})
