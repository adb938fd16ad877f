import { MaxRetriesPerRequestError } from "ioredis/built/errors"
import { KnexTimeoutError } from "knex"
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE, dependencyOutage } from "../../../../src/runtime/infrastructure/dependency-outage"

/** The errors the drivers throw while PostgreSQL or Redis is away, as Medusa's routes meet them. */
describe("dependencyOutage", () => {
  it("knows PostgreSQL going away: knex's pool time-out, a dropped connection, a shutdown", () => {
    expect(dependencyOutage(new KnexTimeoutError("Knex: Timeout acquiring a connection. The pool is probably full."))).toBe(
      DATABASE_UNAVAILABLE,
    )
    expect(dependencyOutage(new Error("Connection terminated unexpectedly"))).toBe(DATABASE_UNAVAILABLE)
    expect(dependencyOutage(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      DATABASE_UNAVAILABLE,
    )
    expect(dependencyOutage(new Error("Connection Error: Connection ended unexpectedly"))).toBe(DATABASE_UNAVAILABLE)
    // MikroORM's DriverException as Medusa formats it: the SQL, then the socket's error (the soak met it).
    const driver = Object.assign(
      new Error(`select "c0".* from "credit_line" as "c0" where "c0"."cart_id" in ('cart_1') - write ECONNRESET`),
      { code: "ECONNRESET" },
    )
    expect(dependencyOutage(driver)).toBe(DATABASE_UNAVAILABLE)
    const afterRollback = Object.assign(new Error("Transaction query already complete, run with DEBUG=knex:tx for more info"), {
      name: "DriverException",
    })
    expect(dependencyOutage(afterRollback)).toBe(DATABASE_UNAVAILABLE)
    // Wrapped, as Medusa's workflows and MikroORM hand it on.
    expect(dependencyOutage(new Error("step failed", { cause: new Error("Connection terminated due to connection timeout") }))).toBe(
      DATABASE_UNAVAILABLE,
    )
  })

  it("knows Redis going away: ioredis giving up on a command", () => {
    expect(dependencyOutage(new MaxRetriesPerRequestError(20))).toBe(REDIS_UNAVAILABLE)
    expect(dependencyOutage(new Error("Connection is closed."))).toBe(REDIS_UNAVAILABLE)
  })

  it("keeps the plugin's own reasons, which say that nothing was sent", () => {
    const records = Object.assign(
      new Error("the plugin's money records could not be read or written (...); nothing was sent to the payment service."),
      { code: "records_unavailable" },
    )
    expect(dependencyOutage(records)).toEqual({ code: "records_unavailable", message: records.message })
  })

  it("leaves every other error alone: a refusal, a constraint, a bug", () => {
    expect(dependencyOutage(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }))).toBeUndefined()
    expect(dependencyOutage(new TypeError("Cannot read properties of undefined"))).toBeUndefined()
    // The service's own connection failures are the plugin's described errors, not an outage of the store.
    expect(dependencyOutage(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBeUndefined()
    expect(dependencyOutage("a string")).toBeUndefined()
    expect(dependencyOutage(undefined)).toBeUndefined()
  })
})
