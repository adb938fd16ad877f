import express from "express"
import type { AddressInfo } from "node:net"
import type { Server } from "node:http"
import { MaxRetriesPerRequestError } from "ioredis/built/errors"
import { outageErrorHandler } from "../../../src/api/outage-error-handler"

/** What a shopper's or admin's HTTP client gets when a route meets each error, over real HTTP. */
let server: Server
let base: string
const warnings: string[] = []

beforeAll(async () => {
  const app = express()
  const logger = { warn: (line: string) => warnings.push(line), error: () => {}, info: () => {} }
  const scope = { resolve: () => logger }
  app.use((req, _res, next) => {
    Object.assign(req, { scope })
    next()
  })
  app.get("/database", () => {
    throw new Error("Connection terminated unexpectedly")
  })
  app.get("/redis", (_req, _res, next) => next(new MaxRetriesPerRequestError(20)))
  app.get("/bug", () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id')")
  })
  app.use(outageErrorHandler() as unknown as express.ErrorRequestHandler)
  server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

describe("the store's answer while PostgreSQL or Redis is away", () => {
  it("is 503 with a reason and Retry-After, never Medusa's 500 or a stack", async () => {
    const database = await fetch(`${base}/database`)
    expect(database.status).toBe(503)
    expect(database.headers.get("retry-after")).toBe("30")
    const body = await database.json()
    expect(body).toMatchObject({ type: "unavailable", code: "database_unavailable" })
    expect(body.message).toMatch(/database is not answering.*try again in a minute/)
    expect(JSON.stringify(body)).not.toMatch(/\bat .+\.js:\d+/)

    const redis = await fetch(`${base}/redis`)
    expect(redis.status).toBe(503)
    expect(await redis.json()).toMatchObject({ code: "redis_unavailable" })
    expect(warnings.join("\n")).toMatch(/GET \/redis answered 503 redis_unavailable/)
  })

  it("leaves any other error to Medusa's handler: 500, its words", async () => {
    const bug = await fetch(`${base}/bug`)
    expect(bug.status).toBe(500)
    expect((await bug.json()).message).toBe("An unknown error occurred.")
  })
})
