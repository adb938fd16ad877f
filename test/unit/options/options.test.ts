import { inspect } from "node:util"
import fc from "fast-check"
import { BnplOptionsError, parseOptions } from "../../../src/options"
import { accountCurrency } from "../../../src/payments/eligibility"

const minimal = {
  merchantId: "merchant-123",
  secretKey: "sk_live_0123456789abcdef",
  region: "UK",
  baseUrl: "https://api.bnpl.example.com/",
}

/** The error parseOptions throws for `input`, or a failure when it throws none. */
function optionsError(input: unknown): BnplOptionsError {
  try {
    parseOptions(input)
  } catch (error) {
    expect(error).toBeInstanceOf(BnplOptionsError)
    return error as BnplOptionsError
  }
  throw new Error(`parseOptions accepted ${JSON.stringify(input)}`)
}

describe("parseOptions: defaults", () => {
  it("fills every default from the four required options", () => {
    expect(parseOptions(minimal)).toEqual({
      merchantId: "merchant-123",
      secretKey: "sk_live_0123456789abcdef",
      region: "UK",
      // A trailing slash is dropped so paths join cleanly.
      baseUrl: "https://api.bnpl.example.com",
      authScheme: "basic",
      capture: "manual",
      exclusions: { productIds: [], variantSkus: [], categoryIds: [], collectionIds: [], typeIds: [], tags: [] },
      onOrderFailure: "void",
      message: {},
      messages: {},
      storefrontOrderPath: "/order/{order_id}/confirmed",
      storefrontCheckoutPath: "/checkout?step=payment",
      maxRetries: 2,
      maxSockets: 50,
      debug: false,
      expressShippingOptions: [],
      voidOrphanedPayments: true,
      completeClosedTabs: true,
      expiryWarningHours: 48,
      allowSandboxInProduction: false,
    })
  })

  it("exclusions: each list the merchant gives is kept (trimmed), the others are empty", () => {
    expect(parseOptions({ ...minimal, exclusions: { categoryIds: ["pcat_gift_cards"], tags: [" digital "] } }).exclusions).toEqual({
      productIds: [],
      variantSkus: [],
      categoryIds: ["pcat_gift_cards"],
      collectionIds: [],
      typeIds: [],
      tags: ["digital"],
    })
  })

  it("keeps onOrderFailure hold", () => {
    expect(parseOptions({ ...minimal, onOrderFailure: "hold" }).onOrderFailure).toBe("hold")
  })

  it("keeps what the merchant sets", () => {
    const options = parseOptions({
      ...minimal,
      region: "EU",
      authScheme: "oauth",
      authUrl: "https://auth.bnpl.example.com//",
      capture: "on_shipment",
      redirectConfirmUrl: "https://shop.example.com/bnpl/{cart_id}/ok",
      redirectCancelUrl: "https://shop.example.com/bnpl/{cart_id}/cancel",
      backendUrl: "http://localhost:9000/",
      storefrontUrl: "http://localhost:8000",
      storefrontOrderPath: "/de/order/{order_id}",
      storefrontCheckoutPath: "/de/checkout",
      merchantName: "Acme GmbH",
      userAgent: "acme-shop/1.0",
      timeouts: { Auth: { readMs: 90_000 } },
      maxRetries: 0,
      maxSockets: 8,
      keepAliveTimeoutMs: 0,
      expressShippingOptions: ["so_express"],
      voidOrphanedPayments: true,
      expiryWarningHours: 24,
    })
    expect(options).toMatchObject({
      maxSockets: 8,
      keepAliveTimeoutMs: 0,
      region: "EU",
      authScheme: "oauth",
      authUrl: "https://auth.bnpl.example.com",
      capture: "on_shipment",
      backendUrl: "http://localhost:9000",
      storefrontUrl: "http://localhost:8000",
      maxRetries: 0,
      timeouts: { Auth: { readMs: 90_000 } },
      expressShippingOptions: ["so_express"],
      voidOrphanedPayments: true,
      expiryWarningHours: 24,
    })
  })

  it("accepts every capture mode", () => {
    for (const capture of ["manual", "on_authorize", "on_shipment"]) {
      expect(parseOptions({ ...minimal, capture }).capture).toBe(capture)
    }
  })

  it("gives the account's currency by region (docs/service-api.md, 'What the service does', rule 2)", () => {
    expect(accountCurrency(parseOptions(minimal))).toBe("GBP")
    expect(accountCurrency(parseOptions({ ...minimal, region: "EU" }))).toBe("EUR")
  })
})

const ONE_SLASH = "must start with exactly one / (a path on the storefront, not another host)"
const HTTPS = "must use https (plain http is allowed only for loopback hosts such as 127.0.0.1): the merchant's credentials travel to it"
const USER_INFO = "must not contain a user name or password (user-info); give credentials as options"

describe("parseOptions: options that cannot be set unsafely", () => {
  it.each([
    ["a plain http baseUrl on the network", { ...minimal, baseUrl: "http://api.bnpl.example.com" }, "baseUrl", HTTPS],
    ["a plain http authUrl on the network", { ...minimal, authScheme: "oauth", authUrl: "http://10.0.0.5/auth" }, "authUrl", HTTPS],
    ["user-info in baseUrl", { ...minimal, baseUrl: "https://user:pw@api.bnpl.example.com" }, "baseUrl", USER_INFO],
    ["a user name alone in authUrl", { ...minimal, authScheme: "oauth", authUrl: "https://user@auth.example.com" }, "authUrl", USER_INFO],
    ["user-info in storefrontUrl", { ...minimal, storefrontUrl: "https://a:b@shop.example.com" }, "storefrontUrl", USER_INFO],
    ["user-info in backendUrl", { ...minimal, backendUrl: "https://a:b@api.shop.example.com" }, "backendUrl", USER_INFO],
    [
      "a javascript: redirectConfirmUrl",
      { ...minimal, redirectConfirmUrl: "javascript:alert(1)" },
      "redirectConfirmUrl",
      "must be an absolute http(s) URL",
    ],
    [
      "a data: redirectCancelUrl",
      { ...minimal, redirectCancelUrl: "data:text/html,hi" },
      "redirectCancelUrl",
      "must be an absolute http(s) URL",
    ],
    [
      "user-info in redirectCancelUrl",
      { ...minimal, redirectCancelUrl: "https://a:b@shop.example.com/{cart_id}" },
      "redirectCancelUrl",
      USER_INFO,
    ],
    [
      "a protocol-relative checkout path (open redirect)",
      { ...minimal, storefrontCheckoutPath: "//evil.example/x" },
      "storefrontCheckoutPath",
      ONE_SLASH,
    ],
    [
      "a backslash checkout path (open redirect)",
      { ...minimal, storefrontCheckoutPath: "/\\evil.example/x" },
      "storefrontCheckoutPath",
      ONE_SLASH,
    ],
    ["a full URL as order path", { ...minimal, storefrontOrderPath: "https://evil.example/{order_id}" }, "storefrontOrderPath", ONE_SLASH],
  ])("%s is refused, naming the field", (_label, input, field, rule) => {
    const error = optionsError(input)
    expect(error.field).toBe(field)
    expect(error.message).toBe(`medusa-payment-bnpl: option "${field}" ${rule}`)
  })

  describe("storefront path templates are judged once filled", () => {
    it.each([
      [
        "/{country_code}//evil.example/x: //evil.example/x for a cart with no country",
        { ...minimal, storefrontCheckoutPath: "/{country_code}//evil.example/x" },
        "storefrontCheckoutPath",
        '"//evil.example/x"',
      ],
      [
        "the same as order path",
        { ...minimal, storefrontOrderPath: "/{country_code}//evil.example/{order_id}" },
        "storefrontOrderPath",
        '"//evil.example/order_',
      ],
      [
        "/{country_code}/\\evil.example",
        { ...minimal, storefrontOrderPath: "/{country_code}\\evil.example" },
        "storefrontOrderPath",
        "backslashes",
      ],
      [
        "an absolute URL to another host",
        { ...minimal, storefrontUrl: "https://shop.example", storefrontOrderPath: "https://evil.example/{order_id}" },
        "storefrontOrderPath",
        ONE_SLASH,
      ],
    ])("%s is refused at start-up, naming the option", (_label, input, field, words) => {
      const error = optionsError(input)
      expect(error.field).toBe(field)
      expect(error.message).toContain(`option "${field}"`)
      expect(error.message).toContain(words)
    })

    it("the message says what the template became and when", () => {
      expect(optionsError({ ...minimal, storefrontCheckoutPath: "/{country_code}//evil.example/x" }).message).toBe(
        'medusa-payment-bnpl: option "storefrontCheckoutPath" gives "//evil.example/x", which does not start with exactly one / ' +
          '(a browser reads "//host" as another site) when filled without country_code; the return route would send the shopper to another site',
      )
    })

    it("templates that stay on the storefront in every case are accepted", () => {
      // Without a cart id, /{cart_id}/checkout lands on the default path (never "//checkout").
      for (const storefrontCheckoutPath of [
        "/{country_code}/checkout",
        "/checkout/{cart_id}",
        "/x/{cart_id}/checkout?next=//evil",
        "/{country_code}/{cart_id}",
        "/{cart_id}/checkout",
      ]) {
        expect(parseOptions({ ...minimal, storefrontCheckoutPath }).storefrontCheckoutPath).toBe(storefrontCheckoutPath)
      }
      expect(parseOptions({ ...minimal, storefrontOrderPath: "/{cart_id}/order/{order_id}" }).storefrontOrderPath).toBe(
        "/{cart_id}/order/{order_id}",
      )
    })
  })

  it("plain http is accepted for loopback hosts (the local sandbox)", () => {
    for (const baseUrl of ["http://127.0.0.1:4010", "http://localhost:4010", "http://[::1]:4010", "http://127.8.9.10"]) {
      expect(parseOptions({ ...minimal, baseUrl }).baseUrl).toBe(baseUrl)
    }
  })

  describe("with NODE_ENV=production", () => {
    const production = { NODE_ENV: "production" }
    const sandbox = {
      merchantId: "sandbox-uk-merchant",
      secretKey: "sandbox-uk-secret-key",
      region: "UK",
      baseUrl: "http://127.0.0.1:4610",
    }

    it.each([
      ["the sandbox's merchant id", { ...minimal, merchantId: "sandbox-uk-merchant" }, "merchantId"],
      ["the sandbox's secret key", { ...minimal, secretKey: "sandbox-eu-secret-key" }, "secretKey"],
      ["a loopback baseUrl", { ...minimal, baseUrl: "http://127.0.0.1:4610" }, "baseUrl"],
      ["a localhost authUrl", { ...minimal, authScheme: "oauth", authUrl: "https://localhost:4610/oauth" }, "authUrl"],
    ])("%s refuses to start, naming the field", (_label, input, field) => {
      let error: unknown
      try {
        parseOptions(input, production)
      } catch (thrown) {
        error = thrown
      }
      expect(error).toBeInstanceOf(BnplOptionsError)
      expect((error as BnplOptionsError).field).toBe(field)
      expect((error as Error).message).toMatch(/refused with NODE_ENV=production \(set allowSandboxInProduction: true/)
      expect((error as Error).message).not.toContain("sandbox-eu-secret-key")
    })

    it("starts against the sandbox with the documented escape for staging, and outside production", () => {
      expect(parseOptions({ ...sandbox, allowSandboxInProduction: true }, production).baseUrl).toBe("http://127.0.0.1:4610")
      expect(parseOptions(sandbox, { NODE_ENV: "development" }).merchantId).toBe("sandbox-uk-merchant")
      expect(parseOptions(minimal, production).merchantId).toBe("merchant-123")
    })
  })
})

describe("parseOptions: each bad option names the field and the rule", () => {
  it.each([
    ["no options at all", undefined, "merchantId", "is required"],
    ["a missing merchantId", { ...minimal, merchantId: undefined }, "merchantId", "is required"],
    ["an empty merchantId", { ...minimal, merchantId: "" }, "merchantId", "must not be empty"],
    ["a missing secretKey", { ...minimal, secretKey: undefined }, "secretKey", "is required"],
    ["an empty secretKey", { ...minimal, secretKey: "" }, "secretKey", "must not be empty"],
    ["region US", { ...minimal, region: "US" }, "region", "must be UK or EU"],
    ["region in lower case", { ...minimal, region: "uk" }, "region", "must be UK or EU"],
    ["a missing region", { ...minimal, region: undefined }, "region", "must be UK or EU"],
    ["a baseUrl that is not a URL", { ...minimal, baseUrl: "api.bnpl.example.com" }, "baseUrl", "must be an absolute http(s) URL"],
    ["a baseUrl that is not http(s)", { ...minimal, baseUrl: "ftp://api.bnpl.example.com" }, "baseUrl", "must be an absolute http(s) URL"],
    ["a missing baseUrl", { ...minimal, baseUrl: undefined }, "baseUrl", "is required"],
    ["a baseUrl that is not a string", { ...minimal, baseUrl: 4010 }, "baseUrl", "must be a string"],
    ["a secretKey that is not a string", { ...minimal, secretKey: 12345 }, "secretKey", "must be a string"],
    ["capture later", { ...minimal, capture: "later" }, "capture", "must be manual, on_authorize or on_shipment"],
    ["onOrderFailure cancel", { ...minimal, onOrderFailure: "cancel" }, "onOrderFailure", "must be void or hold"],
    ["an unknown auth scheme", { ...minimal, authScheme: "digest" }, "authScheme", "must be basic or oauth"],
    ["oauth without authUrl", { ...minimal, authScheme: "oauth" }, "authUrl", 'is required when authScheme is "oauth"'],
    ["an authUrl that is not a URL", { ...minimal, authScheme: "oauth", authUrl: "auth" }, "authUrl", "must be an absolute http(s) URL"],
    [
      "a redirectConfirmUrl that is not a URL",
      { ...minimal, redirectConfirmUrl: "/bnpl/ok" },
      "redirectConfirmUrl",
      "must be an absolute http(s) URL",
    ],
    [
      "a storefrontUrl that is not a URL",
      { ...minimal, storefrontUrl: "localhost:8000" },
      "storefrontUrl",
      "must be an absolute http(s) URL",
    ],
    [
      "a storefront path without a leading slash",
      { ...minimal, storefrontOrderPath: "order/{order_id}" },
      "storefrontOrderPath",
      ONE_SLASH,
    ],
    ["a merchantName over 128 characters", { ...minimal, merchantName: "M".repeat(129) }, "merchantName", "must be at most 128 characters"],
    ["maxRetries below 0", { ...minimal, maxRetries: -1 }, "maxRetries", "must be 0 or more"],
    ["maxRetries above 10", { ...minimal, maxRetries: 11 }, "maxRetries", "must be at most 10"],
    ["maxSockets 0", { ...minimal, maxSockets: 0 }, "maxSockets", "must be a whole number from 1 to 1000"],
    ["maxSockets 2.5", { ...minimal, maxSockets: 2.5 }, "maxSockets", "must be a whole number from 1 to 1000"],
    ["maxSockets as text", { ...minimal, maxSockets: "50" }, "maxSockets", "must be a whole number from 1 to 1000"],
    [
      "keepAliveTimeoutMs below 0",
      { ...minimal, keepAliveTimeoutMs: -1 },
      "keepAliveTimeoutMs",
      "must be 0 or a whole number of milliseconds",
    ],
    [
      "an empty excluded tag",
      { ...minimal, exclusions: { tags: ["gift-card", " "] } },
      "exclusions.tags.1",
      "must list tag values, none empty",
    ],
  ])("%s", (_label, input, field, rule) => {
    const error = optionsError(input)
    expect(error.field).toBe(field)
    expect(error.message).toBe(`medusa-payment-bnpl: option "${field}" ${rule}`)
  })

  it("names a nested field by its path", () => {
    const error = optionsError({ ...minimal, timeouts: { Auth: { readMs: 0 } } })
    expect(error.field).toBe("timeouts.Auth.readMs")
    expect(error.message).toContain('option "timeouts.Auth.readMs"')
  })

  it("names a misspelt exclusions list as the field", () => {
    expect(optionsError({ ...minimal, exclusions: { categories: ["pcat_1"] } }).field).toBe("exclusions.categories")
  })

  it("names an unknown option (a typo) as the field and says it is not an option", () => {
    const error = optionsError({ ...minimal, captureMode: "manual" })
    expect(error.field).toBe("captureMode")
    expect(error.message).toMatch(/^medusa-payment-bnpl: option "captureMode" is not an option\b/)
  })

  it("accepts a merchantName of exactly 128 characters", () => {
    expect(parseOptions({ ...minimal, merchantName: "M".repeat(128) }).merchantName).toHaveLength(128)
  })
})

describe("parseOptions: the secret key never appears in an error", () => {
  /** Ways to get the options wrong; some put the secret where it does not belong. */
  const badOptions = (secret: string): fc.Arbitrary<Record<string, unknown>> => {
    const withSecret = { ...minimal, secretKey: secret }
    return fc.oneof(
      fc.constant({ ...withSecret, merchantId: undefined }),
      fc.constant({ ...withSecret, merchantId: "" }),
      fc.constant({ ...withSecret, merchantId: 42 }),
      fc.constantFrom("US", "", "gb", secret).map((region) => ({ ...withSecret, region })),
      fc.constantFrom("nope", "ftp://x", secret, `api.bnpl.example.com/${secret}`).map((baseUrl) => ({ ...withSecret, baseUrl })),
      fc.constantFrom("later", secret).map((capture) => ({ ...withSecret, capture })),
      fc.constantFrom("digest", secret).map((authScheme) => ({ ...withSecret, authScheme })),
      fc.constant({ ...withSecret, authScheme: "oauth" }),
      fc.constant({ ...withSecret, authScheme: "oauth", authUrl: secret }),
      fc.constant({ ...withSecret, redirectConfirmUrl: `/bnpl/${secret}` }),
      fc.constant({ ...withSecret, storefrontUrl: `shop.example.com/${secret}` }),
      fc.constant({ ...withSecret, merchantName: secret.repeat(200) }),
      fc.constant({ ...withSecret, maxRetries: secret }),
      fc.constant({ ...withSecret, userAgent: 7 }),
      fc.constant({ ...withSecret, timeouts: { Auth: { readMs: secret } } }),
      fc.constant({ ...withSecret, expressShippingOptions: secret }),
      // Typos and misplaced keys: the value is the secret.
      fc.constantFrom("secret", "secret_key", "apiKey", "password").map((key) => ({ ...withSecret, [key]: secret })),
      fc.constant({ ...withSecret, secretKey: undefined, secret_key: secret }),
      fc.constant({ ...withSecret, merchantId: undefined, region: "US", baseUrl: secret }),
    )
  }

  it("for any secret and any bad option", () => {
    const secret = fc
      .oneof(
        fc.string({ unit: "grapheme", minLength: 12, maxLength: 64 }),
        fc.string({ unit: "binary-ascii", minLength: 12, maxLength: 64 }),
        fc.stringMatching(/^sk_(live|test)_[A-Za-z0-9]{24}$/),
        fc.base64String({ minLength: 16, maxLength: 64 }),
      )
      .filter((value) => value.trim().length >= 12)
    fc.assert(
      fc.property(
        secret.chain((value) => badOptions(value).map((input) => [value, input] as const)),
        ([value, input]) => {
          const error = optionsError(input)
          for (const text of [error.message, String(error), error.stack ?? "", inspect(error), JSON.stringify(error)]) {
            expect(text).not.toContain(value)
          }
          expect(error.message).toMatch(/^medusa-payment-bnpl: option "[^"]+" \S/)
        },
      ),
      { numRuns: 500 },
    )
  })
})
