import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import historyIndexes from "../../../src/migration-scripts/history-indexes"

describe("history-indexes migration script: the jobs' window indexes once every module's tables exist", () => {
  it("runs the records module migration's index statements on Medusa's connection, one table each", async () => {
    const statements: string[] = []
    const container = {
      resolve: (key: string) => {
        expect(key).toBe(ContainerRegistrationKeys.PG_CONNECTION)
        return { raw: async (sql: string) => statements.push(sql) }
      },
    }
    await historyIndexes({ container } as never)
    const tables = statements.map((sql) => /on public\."([^"]+)"/.exec(sql)?.[1])
    expect(tables).toEqual(["payment_session", "payment", "capture", "refund", "order", "fulfillment"])
    for (const sql of statements) expect(sql).toMatch(/create index if not exists/)
  })
})
