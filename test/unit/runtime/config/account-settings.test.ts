import { asValue } from "@medusajs/framework/awilix"
import { container } from "@medusajs/framework"
import { BNPL_RECORDS_MODULE } from "../../../../src/modules/bnpl-records/index"
import { parseOptions } from "../../../../src/options"
import { AccountSettingsBody } from "../../../../src/api/admin/bnpl/validators"
import { changedSettings, overlaySettings, settingsFromOptions } from "../../../../src/runtime/config/account-settings"
import { effectiveSettings, forgetSettings, SETTINGS_CACHE_MS } from "../../../../src/runtime/config/effective-settings"
import { readAccountSettings, saveAccountSettings } from "../../../../src/runtime/config/settings-changes"
import { recordsInMemory } from "../../../../src/runtime/records/records-module"

const options = parseOptions({
  merchantId: "sandbox-uk-merchant",
  secretKey: "sandbox-uk-secret-key",
  region: "UK",
  baseUrl: "http://127.0.0.1:5999",
  capture: "on_shipment",
  exclusions: { tags: ["gift-card"] },
})
const account = { providerId: "pp_bnpl_bnpl", options }
const admin = { id: "user_01", email: "merchant@example.com" }

/** The records module's generated methods over two in-memory tables: the database of one store. */
function recordsInMemoryModule() {
  const tables = { AccountSettings: new Map<string, any>(), SettingsChanges: new Map<string, any>() }
  const module: Record<string, (...args: any[]) => Promise<any>> = {}
  for (const [model, rows] of Object.entries(tables)) {
    const methods = recordsInMemory(model, rows)
    module[`list${model}`] = async (...args: Parameters<typeof methods.list>) => structuredClone(await methods.list(...args))
    module[`create${model}`] = async (data: any) => methods.create(structuredClone(data))
    module[`update${model}`] = async (data: any) => methods.update(structuredClone(data))
  }
  return { module, tables }
}

describe("an account's settings: medusa-config's options overlaid by the admin's", () => {
  it("takes each field the admin saved, else the option (enabled is on unless turned off)", () => {
    const defaults = settingsFromOptions(options)
    expect(defaults).toEqual({
      enabled: true,
      capture: "on_shipment",
      exclusions: { productIds: [], variantSkus: [], categoryIds: [], collectionIds: [], typeIds: [], tags: ["gift-card"] },
      message: {},
      onOrderFailure: "void",
    })
    const exclusions = { ...defaults.exclusions, collectionIds: ["pcol_gifts"], tags: [] }
    expect(overlaySettings(defaults, { capture: "on_authorize", exclusions, enabled: null, message: undefined })).toEqual({
      ...defaults,
      capture: "on_authorize",
      exclusions,
    })
    expect(overlaySettings(defaults, undefined)).toEqual(defaults)
  })

  it("lists a change only for fields whose value differs, whatever the order of an object's keys", () => {
    const before = settingsFromOptions(options)
    const reordered = {
      ...before,
      exclusions: { tags: ["gift-card"], typeIds: [], collectionIds: [], categoryIds: [], variantSkus: [], productIds: [] },
    }
    expect(changedSettings(before, reordered)).toEqual([])
    expect(changedSettings(before, { ...before, enabled: false, onOrderFailure: "hold" })).toEqual([
      { field: "enabled", from: true, to: false },
      { field: "onOrderFailure", from: "void", to: "hold" },
    ])
  })

  it("refuses a bad value naming the field and the rule, and anything that is not a setting (credentials, hosts)", () => {
    const problem = (body: unknown) => {
      const result = AccountSettingsBody.safeParse(body)
      return result.success ? undefined : `${result.error.issues[0].path.join(".")} ${result.error.issues[0].message}`.trim()
    }
    expect(problem({ capture: "sometimes" })).toBe("capture must be manual, on_authorize or on_shipment")
    expect(problem({ exclusions: { collectionIds: [""] } })).toBe("exclusions.collectionIds.0 must list collection ids, none empty")
    expect(problem({ message: { instalments: 1 } })).toBe("message.instalments must be a whole number from 2 to 12")
    expect(problem({ onOrderFailure: "retry" })).toBe("onOrderFailure must be void or hold")
    expect(problem({})).toBe("must hold at least one of enabled, capture, exclusions, message, onOrderFailure")
    expect(AccountSettingsBody.safeParse({ secretKey: "x" }).error?.issues[0]).toMatchObject({
      code: "unrecognized_keys",
      keys: ["secretKey"],
    })
    expect(AccountSettingsBody.safeParse({ baseUrl: "http://evil.example" }).success).toBe(false)
    expect(AccountSettingsBody.parse({ capture: null, enabled: false })).toEqual({ capture: null, enabled: false })
  })
})

describe("saved settings in the store's database", () => {
  let tables: ReturnType<typeof recordsInMemoryModule>["tables"]
  beforeEach(() => {
    const records = recordsInMemoryModule()
    tables = records.tables
    container.register(BNPL_RECORDS_MODULE, asValue(records.module))
    forgetSettings()
  })
  afterEach(() => container.register(BNPL_RECORDS_MODULE, asValue(undefined)))

  it("applies a save at once in the instance that saved it, records who changed what, and a null returns a field to medusa-config's value", async () => {
    const saved = await saveAccountSettings(
      account,
      { capture: "on_authorize", exclusions: { ...settingsFromOptions(options).exclusions, collectionIds: ["pcol_gifts"] } },
      admin,
      new Date("2026-11-26T17:00:00Z"),
    )
    expect((await effectiveSettings(account)).capture).toBe("on_authorize")
    expect(saved.overridden).toEqual(["capture", "exclusions"])
    expect(saved.changes).toEqual([
      {
        changedAt: "2026-11-26T17:00:00.000Z",
        userId: "user_01",
        userEmail: "merchant@example.com",
        changes: [
          { field: "capture", from: "on_shipment", to: "on_authorize" },
          {
            field: "exclusions",
            from: expect.objectContaining({ collectionIds: [] }),
            to: expect.objectContaining({ collectionIds: ["pcol_gifts"] }),
          },
        ],
      },
    ])

    const reset = await saveAccountSettings(account, { capture: null }, admin, new Date("2026-11-26T17:05:00Z"))
    expect(reset.settings.capture).toBe("on_shipment")
    expect(reset.overridden).toEqual(["exclusions"])
    expect(reset.changes[0].changes).toEqual([{ field: "capture", from: "on_authorize", to: "on_shipment" }])
    // The same value again changes nothing, so nothing is listed.
    await saveAccountSettings(account, { capture: "on_shipment" }, admin)
    expect((await readAccountSettings(account)).changes).toHaveLength(2)
  })

  it("another instance's save applies here once this process's copy is SETTINGS_CACHE_MS old, well within a minute", async () => {
    const start = Date.now()
    expect((await effectiveSettings(account, { now: start })).enabled).toBe(true)
    // Another server instance saves: the row changes in the shared database, not this process's copy.
    tables.AccountSettings.set("other", {
      id: "other",
      provider_id: "pp_bnpl_bnpl",
      enabled: false,
      capture: "on_authorize",
      exclusions: null,
      message: null,
      on_order_failure: null,
    })
    expect(await effectiveSettings(account, { now: start + SETTINGS_CACHE_MS - 1 })).toMatchObject({
      enabled: true,
      capture: "on_shipment",
    })
    expect(await effectiveSettings(account, { now: start + SETTINGS_CACHE_MS })).toMatchObject({ enabled: false, capture: "on_authorize" })
    expect(SETTINGS_CACHE_MS).toBeLessThanOrEqual(30_000)
  })

  it("keeps the last settings read when the database cannot be read, and says so in the log", async () => {
    await saveAccountSettings(account, { enabled: false }, admin)
    const start = Date.now()
    expect((await effectiveSettings(account, { now: start })).enabled).toBe(false)
    container.register(BNPL_RECORDS_MODULE, asValue({ listAccountSettings: async () => Promise.reject(new Error("connection refused")) }))
    const warnings: string[] = []
    const settings = await effectiveSettings(account, {
      now: start + SETTINGS_CACHE_MS,
      logger: { warn: (line: string) => warnings.push(line) } as never,
    })
    expect(settings.enabled).toBe(false)
    expect(warnings).toEqual([
      expect.stringContaining("could not read the admin's settings of pp_bnpl_bnpl (connection refused); the last ones read apply"),
    ])
  })
})

describe("saved settings outside a Medusa app (no records module)", () => {
  beforeEach(() => forgetSettings())

  it("are kept in this process's memory: a save applies and is listed, as with the database", async () => {
    const saved = await saveAccountSettings(account, { onOrderFailure: "hold" }, admin, new Date("2026-11-26T18:00:00Z"))
    expect(saved.overridden).toEqual(["onOrderFailure"])
    expect((await effectiveSettings(account)).onOrderFailure).toBe("hold")
    expect((await readAccountSettings(account)).changes).toEqual([
      {
        changedAt: "2026-11-26T18:00:00.000Z",
        userId: "user_01",
        userEmail: "merchant@example.com",
        changes: [{ field: "onOrderFailure", from: "void", to: "hold" }],
      },
    ])
  })
})
