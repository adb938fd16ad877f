import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { expressFlow } from "../support/express-flow"
import { describeStore } from "../support/store-suite"

jest.setTimeout(240_000)

const EU_MERCHANT = "100201"

// The store selling in GBP and EUR with the sandbox's UK and EU accounts side by side
// (test/integration/two-accounts.test.ts): an express checkout of a EUR cart goes through the
// EU account, with no provider named by the page.
describeStore({ BNPL_ACCOUNTS: "both" }, (suite) => {
  const { api, getContainer, control } = suite

  it("a EUR cart's express checkout goes through the EU account: options in EUR, the order with the popup's German address, one Auth of its total", async () => {
    const { store } = suite
    const express = expressFlow(api, store, store.regions.eu)
    await express.cart(1)
    const started = await express.start()
    expect(started.data).toMatchObject({ provider_id: "pp_bnpl_bnpl-eu" })
    expect((await control.ledger()).checkouts.map((checkout) => [checkout.merchantId, checkout.amount])).toEqual([
      [EU_MERCHANT, { amount: "52.00", currency: "EUR" }],
    ])

    const berlin = (await control.expressAddresses()).find((preset) => preset.address.countryCode === "DE")!
    const options = await express.shippingOptions(berlin.address)
    expect(options.data.shipping_options.map((option: any) => [option.name, option.shippingAmount, option.orderAmount])).toEqual([
      ["Standard Shipping", { amount: "5.90", currency: "EUR" }, { amount: "57.90", currency: "EUR" }],
      ["Express Shipping", { amount: "12.50", currency: "EUR" }, { amount: "64.50", currency: "EUR" }],
    ])
    await control.confirmExpress(started.data.token, {
      address: berlin.address,
      email: berlin.email,
      option: options.data.shipping_options[1],
    })
    const completed = await express.complete(started.data.token)
    expect(completed.status).toBe(200)

    const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "email",
        "total",
        "currency_code",
        "shipping_address.country_code",
        "shipping_address.city",
        "payment_collections.payments.provider_id",
      ],
      filters: { id: completed.data.order_id },
    })
    const order = data[0] as any
    expect(order).toMatchObject({
      email: berlin.email,
      currency_code: "eur",
      shipping_address: { country_code: "de", city: berlin.address.suburb },
    })
    expect(order.payment_collections[0].payments[0].provider_id).toBe("pp_bnpl_bnpl-eu")
    const ledger = await control.ledger()
    expect(ledger.auths.map((auth) => [auth.merchantId, auth.amount])).toEqual([
      [EU_MERCHANT, { amount: Number(order.total).toFixed(2), currency: "EUR" }],
    ])
  })
})
