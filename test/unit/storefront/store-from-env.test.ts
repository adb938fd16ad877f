import { storeConfigFromEnv } from "../../../src/storefront"

describe("storeConfigFromEnv", () => {
  it("reads the backend URL and publishable key under the names of both Medusa Next.js starters", () => {
    const key = { NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: "pk_1" }
    expect(storeConfigFromEnv({ ...key, NEXT_PUBLIC_MEDUSA_BACKEND_URL: "https://api.dtc.example" })).toEqual({
      baseUrl: "https://api.dtc.example",
      publishableKey: "pk_1",
    })
    expect(storeConfigFromEnv({ ...key, MEDUSA_BACKEND_URL: "https://api.old.example" })).toEqual({
      baseUrl: "https://api.old.example",
      publishableKey: "pk_1",
    })
  })

  it("defaults to the starters' local backend, and never throws without a key", () => {
    expect(storeConfigFromEnv({})).toEqual({ baseUrl: "http://localhost:9000", publishableKey: "" })
  })

  it("reads the process's environment by default", () => {
    process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY = "pk_from_process"
    try {
      expect(storeConfigFromEnv().publishableKey).toBe("pk_from_process")
    } finally {
      delete process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY
    }
  })
})
