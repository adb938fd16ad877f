import { describeStore } from "../support/store-suite"

jest.setTimeout(300_000)

/**
 * A store whose account's secret key is wrong (the service answers 401 to every call): the
 * admin's routes that read the service say so with 502 and the reason, never Medusa's 500
 * "An unknown error occurred." (src/api/admin/bnpl/service-errors.ts).
 */
describeStore({ BNPL_SECRET_KEY: "not-the-sandbox-secret" }, (suite) => {
  it("POST /admin/bnpl/configuration/refresh answers 502 naming the refused credentials", async () => {
    const answer = await suite.api.post("/admin/bnpl/configuration/refresh", {}, { ...suite.admin, validateStatus: () => true })
    expect(answer.status).toBe(502)
    expect(answer.data).toMatchObject({ type: "bad_gateway", code: "credentials_refused" })
    expect(answer.data.message).toMatch(/Get Configuration failed: the payment service refused the merchant credentials/)
    expect(JSON.stringify(answer.data)).not.toContain("not-the-sandbox-secret")
  })
})
