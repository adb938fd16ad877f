import { EXPIRY_WINDOW_DAYS, expiryCandidateFilters } from "../../../src/operations/authorization-expiry"

describe("expiryCandidateFilters: the payments the hourly expiry job reads", () => {
  const now = new Date("2026-11-26T22:00:00Z")

  it("reads only the last 30 days: an authorisation lives 13, so the read does not grow with the store's history", () => {
    const filters = expiryCandidateFilters(now) as { created_at: { $gte: Date } }
    expect(EXPIRY_WINDOW_DAYS).toBe(30)
    expect(filters.created_at.$gte.toISOString()).toBe("2026-10-27T22:00:00.000Z")
  })

  it("still reads every open pay-later payment inside the window: neither captured nor canceled in Medusa", () => {
    expect(expiryCandidateFilters(now)).toMatchObject({ provider_id: { $like: "pp_bnpl_%" }, captured_at: null, canceled_at: null })
  })
})
