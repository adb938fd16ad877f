import { describeStore } from "../support/store-suite"

jest.setTimeout(120_000)

const SECRETS = ["sandbox-uk-secret-key", "sandbox-eu-secret-key", "100101", "100201"]

/**
 * Settings → Pay later's "Test connection" on a real store with the UK and EU accounts side by
 * side over OAuth (test/integration/store/medusa-config.js, BNPL_ACCOUNTS=both): each account
 * passes every step; a token service that refuses, and an API path that 404s, are named as
 * such; the route takes nothing but an empty JSON body from the admin's own site, and its
 * answer holds no credential.
 */
describeStore({ BNPL_ACCOUNTS: "both", BNPL_AUTH_SCHEME: "oauth" }, (suite) => {
  const { api, control } = suite
  const call = (url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    api.post(url, body, { headers: { ...suite.admin.headers, ...headers }, validateStatus: () => true })
  const accounts = async () =>
    (await api.get("/admin/bnpl/accounts", suite.admin)).data.accounts as Array<{ id: string; providerId: string; currency: string }>

  it("passes every step for each account, token included, and shows no credential", async () => {
    for (const account of await accounts()) {
      const answer = await call(`/admin/bnpl/accounts/${account.id}/test-connection`)
      expect(answer.status).toBe(200)
      expect(answer.data.connection).toMatchObject({
        ok: true,
        providerId: account.providerId,
        currency: account.currency,
        authScheme: "oauth",
      })
      expect(answer.data.connection.steps.map((step: { step: string; outcome: string }) => `${step.step} ${step.outcome}`)).toEqual([
        "ping passed",
        "token passed",
        "configuration passed",
        "currency passed",
      ])
      for (const secret of SECRETS) expect(JSON.stringify(answer.data)).not.toContain(secret)
    }
  })

  it("names the failing step: a token service that refuses (401), an API path that 404s", async () => {
    const [uk] = await accounts()
    await control.fault({ endpoint: "token", kind: "status", status: 401 })
    const refused = await call(`/admin/bnpl/accounts/${uk.id}/test-connection`)
    expect(refused.data.connection).toMatchObject({
      ok: false,
      failure: { step: "token", label: "Access token (OAuth)", cause: "credentials", httpStatusCode: 401 },
    })
    expect(refused.data.connection.failure.fix).toMatch(/merchantId and secretKey of this UK account/)

    await control.fault({ endpoint: "configuration", kind: "status", status: 404 })
    const missing = await call(`/admin/bnpl/accounts/${uk.id}/test-connection`)
    expect(missing.data.connection.failure).toMatchObject({ step: "configuration", cause: "wrong_address", httpStatusCode: 404 })
    expect(missing.data.connection.failure.fix).toMatch(/baseUrl/)
    expect(missing.data.connection.steps.map((step: { outcome: string }) => step.outcome)).toEqual([
      "passed",
      "passed",
      "failed",
      "skipped",
    ])
  })

  it("refuses an unknown or malformed account id, a body, a query, a foreign site and no login", async () => {
    const [uk] = await accounts()
    const before = JSON.stringify((await control.ledger()).requests)
    expect((await call("/admin/bnpl/accounts/0123456789abcdef/test-connection")).status).toBe(404)
    const malformed = await call("/admin/bnpl/accounts/not-an-account/test-connection")
    expect(malformed.status).toBe(400)
    expect(malformed.data.message).toMatch(/account_id/)
    const withBody = await call(`/admin/bnpl/accounts/${uk.id}/test-connection`, { baseUrl: "https://evil.example" })
    expect(withBody.status).toBe(400)
    expect((await call(`/admin/bnpl/accounts/${uk.id}/test-connection?secretKey=x`)).status).toBe(400)
    expect((await call(`/admin/bnpl/accounts/${uk.id}/test-connection`, {}, { origin: "https://evil.example" })).status).toBe(403)
    const anonymous = await api.post(`/admin/bnpl/accounts/${uk.id}/test-connection`, {}, { validateStatus: () => true })
    expect(anonymous.status).toBe(401)
    // None of them reached the service.
    expect(JSON.stringify((await control.ledger()).requests)).toBe(before)
  })
})
