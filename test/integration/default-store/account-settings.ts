import { Modules } from "@medusajs/framework/utils"
import jwt from "jsonwebtoken"
import { effectiveSettings, forgetSettings } from "../../../src/runtime/config/effective-settings"
import { parseOptions } from "../../../src/options"
import { eventually, placeOrder, readPayment } from "../../support/place-order"
import type { StoreSuite } from "../../support/store-suite"
import { ukAddress } from "../../../harness/shopper"

const SETTINGS = "/admin/bnpl/accounts/pp_bnpl_bnpl/settings"
const RESET = { enabled: null, capture: null, exclusions: null, message: null, onOrderFailure: null }
const NO_EXCLUSIONS = { productIds: [], variantSkus: [], categoryIds: [], collectionIds: [], typeIds: [], tags: [] }

/** Settings -> Pay later: what a merchant edits per account, saved in the plugin's module, applied by every instance. */
export default function accountSettingsTests(suite: StoreSuite): void {
  const { api, getContainer, control } = suite
  const admin = () => ({ ...suite.admin, validateStatus: () => true })
  const read = async () => (await api.get(SETTINGS, admin())).data.settings
  const save = (body: unknown, headers: Record<string, string> = {}) =>
    api.post(SETTINGS, body, { ...admin(), headers: { ...suite.admin.headers, ...headers } })
  const adminEmail = async () => {
    const { actor_id } = jwt.decode(suite.admin.headers.authorization.replace("Bearer ", "")) as { actor_id: string }
    return (await getContainer().resolve(Modules.USER).retrieveUser(actor_id)).email
  }

  // The store's database is emptied between tests but the store's process keeps what it read
  // for up to 30 s: a save of medusa-config's values makes it read again.
  beforeEach(async () => {
    expect((await save(RESET)).status).toBe(200)
  })

  it("saves an admin's settings: GET shows them and the change with the admin's e-mail; the answer holds no credential or host", async () => {
    const before = await read()
    expect(before.settings).toEqual({ enabled: true, capture: "manual", exclusions: NO_EXCLUSIONS, message: {}, onOrderFailure: "void" })

    const exclusions = { ...NO_EXCLUSIONS, collectionIds: ["pcol_01GIFTS"], tags: ["gift-card"] }
    const saved = await save({ capture: "on_authorize", exclusions, message: { instalments: 3 }, onOrderFailure: "hold" })
    expect(saved.status).toBe(200)
    const shown = await read()
    expect(shown.settings).toEqual({
      enabled: true,
      capture: "on_authorize",
      exclusions,
      message: { instalments: 3 },
      onOrderFailure: "hold",
    })
    expect(shown.defaults.capture).toBe("manual")
    expect(shown.overridden.sort()).toEqual(["capture", "exclusions", "message", "onOrderFailure"])
    expect(shown.changes[0]).toEqual({
      changedAt: expect.any(String),
      userId: expect.stringMatching(/^user_/),
      userEmail: await adminEmail(),
      changes: [
        { field: "capture", from: "manual", to: "on_authorize" },
        { field: "exclusions", from: NO_EXCLUSIONS, to: exclusions },
        { field: "message", from: {}, to: { instalments: 3 } },
        { field: "onOrderFailure", from: "void", to: "hold" },
      ],
    })
    expect(Date.now() - Date.parse(shown.changes[0].changedAt)).toBeLessThan(60_000)
    const text = JSON.stringify(saved.data)
    for (const secret of ["sandbox-uk-secret-key", "sandbox-uk-merchant", process.env.BNPL_BASE_URL!]) expect(text).not.toContain(secret)

    // The storefront gets the message's defaults with the limits and a cart's eligibility (the kit's payLaterMessage uses them).
    const storeKey = { headers: { "x-publishable-api-key": suite.store.publishableKey } }
    expect((await api.get("/store/bnpl/limits?currency_code=gbp&amount=45", storeKey)).data).toMatchObject({
      eligible: true,
      message: { instalments: 3 },
    })

    // The settings page's account card shows the capture mode that applies now.
    const { data } = await api.get("/admin/bnpl/accounts", admin())
    expect(data.accounts[0]).toMatchObject({ capture: "on_authorize", enabled: true })
  })

  it("refuses a bad value naming the field and the rule, an option that is not a setting, a form body and another site, and changes nothing", async () => {
    expect((await save({ capture: "on_authorize" })).status).toBe(200)
    const before = await read()
    const refused = [
      await save({ capture: "sometimes" }),
      await save({ exclusions: { collectionIds: "pcol_01GIFTS" } }),
      await save({ message: { instalments: 40 } }),
      await save({ secretKey: "stolen", capture: "manual" }),
      await save({ baseUrl: "http://evil.example", capture: "manual" }),
      await save({}),
    ]
    expect(refused.map(({ status, data }) => [status, data.message])).toEqual([
      [400, "Invalid request: capture must be manual, on_authorize or on_shipment"],
      [400, "Invalid request: exclusions.collectionIds must be a list of collection ids"],
      [400, "Invalid request: message.instalments must be a whole number from 2 to 12"],
      [400, "Invalid request: secretKey is not accepted here"],
      [400, "Invalid request: baseUrl is not accepted here"],
      [400, "Invalid request: body must hold at least one of enabled, capture, exclusions, message, onOrderFailure"],
    ])
    const form = await api.post(SETTINGS, "capture=manual", {
      ...admin(),
      headers: { ...suite.admin.headers, "content-type": "application/x-www-form-urlencoded" },
    })
    expect(form.status).toBe(415)
    const crossSite = await save({ capture: "manual" }, { origin: "http://evil.example" })
    expect([crossSite.status, crossSite.data.type]).toEqual([403, "forbidden"])
    const unknown = await api.get("/admin/bnpl/accounts/pp_bnpl_other/settings", admin())
    expect(unknown.status).toBe(404)
    expect(await read()).toEqual(before)
    expect((await api.get(SETTINGS, { validateStatus: () => true })).status).toBe(401)
  })

  it("a language's message lines saved in the admin reach the storefront with the limits (as messages, per locale); a placeholder the line cannot fill is refused", async () => {
    const locales = { "fr-FR": { available: "Payez en plusieurs fois dès {minimum}.", instalmentText: "Ou {count} fois {instalment}." } }
    expect((await save({ message: { instalments: 4, locales } })).status).toBe(200)
    const storeKey = { headers: { "x-publishable-api-key": suite.store.publishableKey } }
    const { data } = await api.get("/store/bnpl/limits?currency_code=gbp&amount=45", storeKey)
    expect(data).toMatchObject({ eligible: true, message: { instalments: 4 }, messages: locales })
    expect(data.message).not.toHaveProperty("locales")
    const refused = await save({ message: { locales: { "de-DE": { available: "Ab {count}." } } } })
    expect([refused.status, refused.data.message]).toEqual([
      400,
      "Invalid request: message.locales.de-DE.available may only use the placeholders {minimum}, {maximum}",
    ])
  })

  it("a second read path on the same database (another instance, its cache empty or expired) sees the change", async () => {
    const options = parseOptions({
      merchantId: "sandbox-uk-merchant",
      secretKey: "sandbox-uk-secret-key",
      region: "UK",
      baseUrl: process.env.BNPL_BASE_URL,
    })
    const account = { providerId: "pp_bnpl_bnpl", options }
    forgetSettings()
    expect(await effectiveSettings(account)).toMatchObject({ enabled: true, capture: "manual" })
    expect((await save({ enabled: false, capture: "on_shipment" })).status).toBe(200)
    // This read path kept its copy; once 30 s old (well within the minute) it reads the database again.
    expect(await effectiveSettings(account)).toMatchObject({ enabled: true, capture: "manual" })
    expect(await effectiveSettings(account, { now: Date.now() + 30_000 })).toMatchObject({ enabled: false, capture: "on_shipment" })
  })

  it("capture on_authorize saved in the admin: the next order is captured at once", async () => {
    expect((await save({ capture: "on_authorize" })).status).toBe(200)
    const order = await placeOrder(api, getContainer(), suite.store)
    const ledger = await control.ledger()
    expect(ledger.captures).toHaveLength(1)
    expect(ledger.captures[0].amount).toEqual({ amount: order.total.toFixed(2), currency: "GBP" })
    const payment = await eventually(async () => {
      const read = await readPayment(getContainer(), order.paymentId)
      return read.captured_at ? read : undefined
    })
    expect(payment.captures.map((capture: { amount: unknown }) => Number(capture.amount))).toEqual([order.total])
  })

  it("an account turned off: eligibility and limits say disabled, a new session is refused; turned on again, it is offered", async () => {
    expect((await save({ enabled: false })).status).toBe(200)
    const { shopper, store } = suite
    const cart = await shopper.createCart({
      regionId: store.regions.uk,
      items: [{ variant_id: store.variants.tote, quantity: 1 }],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, store.shippingOptions.standard)
    expect(await shopper.eligibility(cart.id)).toEqual({ eligible: false, reason: "disabled", currency: "GBP" })
    const limits = await api.get("/store/bnpl/limits?currency_code=gbp&amount=10", {
      headers: { "x-publishable-api-key": store.publishableKey },
    })
    expect(limits.data).toEqual({ eligible: false, reason: "disabled", currency: "GBP", amount: "10.00" })
    await expect(shopper.initiatePaymentSession(cart.id)).rejects.toMatchObject({
      response: { data: { message: expect.stringContaining("Pay later is not available in this store at the moment.") } },
    })
    expect((await control.ledger()).checkouts).toHaveLength(0)

    expect((await save({ enabled: true })).status).toBe(200)
    expect(await shopper.eligibility(cart.id)).toMatchObject({ eligible: true })
  })
}
