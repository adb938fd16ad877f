import { asValue } from "@medusajs/framework/awilix"
import { container } from "@medusajs/framework"
import { BnplOptionsError } from "../../../../src/options"
import { BnplPaymentProviderService } from "../../../../src/providers/bnpl/service"
import { readPluginConfiguration, type ConfigModuleLike } from "../../../../src/runtime/config/configured-accounts"

const uk = { merchantId: "100101", secretKey: "uk-secret-value", region: "UK", baseUrl: "https://api.bnpl.example.com" }
const eu = { merchantId: "100201", secretKey: "eu-secret-value", region: "EU", baseUrl: "https://api.bnpl.example.com" }
const PROVIDER = "medusa-payment-bnpl/providers/bnpl"

/** medusa-config with the plugin entry and the payment module's provider entries. */
function config(
  providers: Array<{ id?: string; options?: Record<string, unknown> }>,
  pluginOptions?: Record<string, unknown>,
): ConfigModuleLike {
  return {
    plugins: [{ resolve: "medusa-payment-bnpl", options: pluginOptions ?? {} }],
    modules: {
      payment: {
        resolve: "@medusajs/medusa/payment",
        options: {
          providers: [
            { resolve: "@medusajs/medusa/payment-stripe", id: "stripe", options: {} },
            ...providers.map((entry) => ({ resolve: PROVIDER, ...entry })),
          ],
        },
      },
    },
  } as ConfigModuleLike
}

/** The start-up error for a config, or a failure when there is none. */
function startUpError(configModule: ConfigModuleLike): BnplOptionsError {
  try {
    readPluginConfiguration(configModule, {})
  } catch (error) {
    expect(error).toBeInstanceOf(BnplOptionsError)
    return error as BnplOptionsError
  }
  throw new Error("the configuration was accepted")
}

describe("readPluginConfiguration: one account, as the README configures it", () => {
  it("the same options under the plugin and the provider entry give one account pp_bnpl_bnpl", () => {
    const { store, accounts } = readPluginConfiguration(config([{ id: "bnpl", options: uk }], uk), {})
    expect(accounts.map(({ providerId, options }) => [providerId, options.merchantId, options.region])).toEqual([
      ["pp_bnpl_bnpl", "100101", "UK"],
    ])
    expect(store.merchantId).toBe("100101")
  })

  it("a provider entry without options takes the plugin entry's", () => {
    const { accounts } = readPluginConfiguration(config([{ id: "bnpl" }], uk), {})
    expect(accounts[0].options.merchantId).toBe("100101")
  })

  it("options under the plugin entry alone still give the plugin part its account", () => {
    const configModule = { plugins: [{ resolve: "medusa-payment-bnpl", options: uk }], modules: {} } as ConfigModuleLike
    expect(readPluginConfiguration(configModule, {}).accounts.map(({ providerId }) => providerId)).toEqual(["pp_bnpl_bnpl"])
  })
})

describe("readPluginConfiguration: UK and EU accounts side by side", () => {
  const storeWide = {
    backendUrl: "https://shop.example.com",
    storefrontUrl: "https://www.example.com",
    storefrontOrderPath: "/{country_code}/order/{order_id}/confirmed",
  }

  it("one account per provider entry, in medusa-config order; store-wide options from the first reach every account", () => {
    const { store, accounts } = readPluginConfiguration(
      config([
        { id: "bnpl-uk", options: { ...uk, ...storeWide, capture: "on_shipment" } },
        { id: "bnpl-eu", options: eu },
      ]),
      {},
    )
    expect(accounts.map(({ providerId, field, options }) => [providerId, field, options.region, options.capture])).toEqual([
      ["pp_bnpl_bnpl-uk", "providers[1]", "UK", "on_shipment"],
      ["pp_bnpl_bnpl-eu", "providers[2]", "EU", "manual"],
    ])
    expect(store.storefrontOrderPath).toBe(storeWide.storefrontOrderPath)
    expect(accounts[1].options).toMatchObject(storeWide)
  })

  it("a duplicate provider id names providers[n].id", () => {
    const error = startUpError(
      config([
        { id: "bnpl", options: uk },
        { id: "bnpl", options: eu },
      ]),
    )
    expect(error.field).toBe("providers[2].id")
    expect(error.message).toMatch(/"bnpl" is the id of another pay-later account \(providers\[1\]\)/)
  })

  it("a missing provider id names providers[n].id", () => {
    expect(startUpError(config([{ options: uk }])).field).toBe("providers[1].id")
  })

  it("the same merchant id twice names providers[n].options.merchantId", () => {
    const error = startUpError(
      config([
        { id: "bnpl-uk", options: uk },
        { id: "bnpl-eu", options: { ...eu, merchantId: uk.merchantId } },
      ]),
    )
    expect(error.field).toBe("providers[2].options.merchantId")
  })

  it("two accounts for one region (one currency the store could not tell apart) name providers[n].options.region", () => {
    const error = startUpError(
      config([
        { id: "bnpl-a", options: uk },
        { id: "bnpl-b", options: { ...uk, merchantId: "100999" } },
      ]),
    )
    expect(error.field).toBe("providers[2].options.region")
    expect(error.message).toMatch(/UK \(GBP\) is served by another account \(providers\[1\]\).*one account per region/)
  })

  it("a store-wide option given two values names it", () => {
    const error = startUpError(
      config([
        { id: "bnpl-uk", options: { ...uk, ...storeWide } },
        { id: "bnpl-eu", options: { ...eu, storefrontUrl: "https://eu.example.com" } },
      ]),
    )
    expect(error.field).toBe("providers[2].options.storefrontUrl")
    expect(error.message).toMatch(/store-wide/)
  })

  it("an account's own bad option is named with its place in medusa-config, and no secret is in the message", () => {
    const error = startUpError(
      config([
        { id: "bnpl-uk", options: uk },
        { id: "bnpl-eu", options: { ...eu, region: "US" } },
      ]),
    )
    expect(error.field).toBe("providers[2].options.region")
    expect(error.message).toBe('medusa-payment-bnpl: option "providers[2].options.region" must be UK or EU')
    expect(error.message).not.toMatch(/secret-value/)
  })

  it("no options anywhere names options", () => {
    expect(startUpError({ plugins: [{ resolve: "medusa-payment-bnpl" }], modules: {} } as ConfigModuleLike).field).toBe("options")
  })
})

describe("the provider fails Medusa's start-up with the cross-account error", () => {
  afterEach(() => container.register("configModule", asValue(undefined)))

  it("validateOptions, called by Medusa's module loader for each entry, reads the app's config", () => {
    container.register(
      "configModule",
      asValue(
        config([
          { id: "bnpl-uk", options: uk },
          { id: "bnpl-eu", options: { ...eu, merchantId: uk.merchantId } },
        ]),
      ),
    )
    expect(() => BnplPaymentProviderService.validateOptions(uk)).toThrow('option "providers[2].options.merchantId"')
  })
})
