import { Migration20261126220000 } from "../../../../../src/modules/bnpl-records/migrations/Migration20261126220000"

/**
 * The jobs read Medusa's tables by time windows (docs/performance.md "Scale"); without an index
 * on each window's column a run scans the whole table and grows with the store's history.
 */
describe("Migration20261126220000: indexes for the jobs' time windows on Medusa's tables", () => {
  const sqlOf = async (step: "up" | "down"): Promise<string> => {
    const migration = new Migration20261126220000({} as never, {} as never)
    await migration[step]()
    return migration
      .getQueries()
      .map((query) => String(query))
      .join("\n")
  }

  it.each([
    ["payment_session", "created_at"],
    ["payment", "created_at"],
    ["capture", "created_at"],
    ["refund", "created_at"],
    ["order", "canceled_at"],
    ["fulfillment", "shipped_at"],
  ])("indexes %s.%s over live rows, only when the table exists", async (table, column) => {
    const sql = await sqlOf("up")
    const statement = sql.split("end $$;").find((part) => part.includes(`on public."${table}" ("${column}")`))
    expect(statement).toBeDefined()
    expect(statement).toContain(`to_regclass('public."${table}"') is not null`)
    expect(statement).toContain("create index if not exists")
    expect(statement).toContain("deleted_at is null")
  })

  it("down drops every index up makes, and nothing else", async () => {
    const names = [...(await sqlOf("up")).matchAll(/create index if not exists "([^"]+)"/g)].map((match) => match[1])
    const dropped = [...(await sqlOf("down")).matchAll(/drop index if exists public\."([^"]+)"/g)].map((match) => match[1])
    expect(names).toHaveLength(6)
    expect(dropped.sort()).toEqual(names.sort())
  })
})
