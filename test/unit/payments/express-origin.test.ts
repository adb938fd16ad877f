import { allowedPopupOrigin, originOf } from "../../../src/payments/express-origin"

const rules = {
  storefrontUrl: "https://shop.example.com/uk",
  storeCors: ["http://localhost:8000", /^https:\/\/.*\.preview\.example\.com$/, "*"],
}

describe("allowedPopupOrigin", () => {
  it("allows the storefrontUrl's origin, a storeCors origin and a storeCors /regex/ match, as origins", () => {
    expect(allowedPopupOrigin("https://shop.example.com", rules)).toBe("https://shop.example.com")
    expect(allowedPopupOrigin("http://localhost:8000", rules)).toBe("http://localhost:8000")
    expect(allowedPopupOrigin("https://pr-12.preview.example.com", rules)).toBe("https://pr-12.preview.example.com")
  })

  it("refuses another site, a missing or opaque Origin, another scheme, and `*` is no wildcard", () => {
    for (const origin of [
      "https://evil.example",
      "https://shop.example.com.evil.example",
      "http://shop.example.com",
      undefined,
      "null",
      "file:///tmp/x",
      "javascript:alert(1)",
      42,
    ]) {
      expect(allowedPopupOrigin(origin, rules)).toBeUndefined()
    }
    expect(allowedPopupOrigin("https://anything.example", { storeCors: ["*"] })).toBeUndefined()
  })

  it("originOf keeps scheme, host and port only", () => {
    expect(originOf("https://shop.example.com:8443/checkout?x=1")).toBe("https://shop.example.com:8443")
    expect(originOf("not a url")).toBeUndefined()
  })
})
