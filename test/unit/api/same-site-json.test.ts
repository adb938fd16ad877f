import { parseCorsOrigins } from "@medusajs/framework/utils"
import { isAdminOrigin, refuseAdminPost, type AdminPostHeaders } from "../../../src/api/same-site-json"

const HOST = "api.shop.example"
const adminCors = parseCorsOrigins("https://admin.shop.example,/^https:\\/\\/[a-z0-9-]+\\.preview\\.example$/")
const json = { host: HOST, "content-type": "application/json", "content-length": "2" }
const decide = (headers: AdminPostHeaders) => refuseAdminPost(headers, adminCors)?.status ?? "passes"

describe("admin POSTs: JSON only, from the admin's own site", () => {
  it("a JSON POST from the server's own origin, from an adminCors origin, or without an Origin (curl, Node) passes", () => {
    expect(decide({ ...json, origin: `https://${HOST}`, "sec-fetch-site": "same-origin" })).toBe("passes")
    expect(decide({ ...json, origin: "https://admin.shop.example", "sec-fetch-site": "same-site" })).toBe("passes")
    expect(decide({ ...json, origin: "https://pr-12.preview.example", "sec-fetch-site": "cross-site" })).toBe("passes")
    expect(decide(json)).toBe("passes")
    expect(decide({ host: HOST })).toBe("passes")
    expect(decide({ ...json, "content-type": "application/json; charset=utf-8" })).toBe("passes")
    // Behind Medusa's one trusted proxy, the host the browser used.
    expect(decide({ ...json, host: "10.0.0.4:9000", "x-forwarded-host": HOST, origin: `https://${HOST}` })).toBe("passes")
  })

  it("a cross-site POST is refused with 403, whatever its body", () => {
    for (const origin of [
      "https://evil.example",
      "null",
      "https://admin.shop.example.evil.example",
      "http://api.shop.example.evil",
      "file://",
    ]) {
      expect([origin, decide({ ...json, origin })]).toEqual([origin, 403])
    }
    expect(decide({ ...json, "sec-fetch-site": "cross-site" })).toBe(403)
    expect(decide({ ...json, "sec-fetch-site": "same-site" })).toBe(403)
    expect(refuseAdminPost({ ...json, origin: "https://evil.example" }, adminCors)?.body).toEqual({
      type: "forbidden",
      message: "The pay later admin routes refuse requests from another site: the Origin is neither this server nor one of adminCors.",
    })
  })

  it("* in adminCors is not a wildcard (nor is it in Medusa's CORS)", () => {
    expect(isAdminOrigin("https://evil.example", { host: HOST }, parseCorsOrigins("*"))).toBe(false)
  })

  it("a form, multipart or text body is refused with 415, even from the admin's own site", () => {
    for (const contentType of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", "application/jsonp"]) {
      expect([contentType, decide({ host: HOST, origin: `https://${HOST}`, "content-type": contentType, "content-length": "10" })]).toEqual(
        [contentType, 415],
      )
    }
    // An empty form still carries its Content-Type; a body without any Content-Type is not JSON either.
    expect(decide({ host: HOST, "content-type": "application/x-www-form-urlencoded", "content-length": "0" })).toBe(415)
    expect(decide({ host: HOST, "content-length": "12" })).toBe(415)
    expect(decide({ host: HOST, "transfer-encoding": "chunked" })).toBe(415)
    expect(refuseAdminPost({ host: HOST, "content-type": "text/plain", "content-length": "1" }, [])?.body.type).toBe("invalid_data")
  })
})
