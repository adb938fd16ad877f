import { container as appContainer } from "@medusajs/framework"
import { BNPL_RECORDS_MODULE } from "../../modules/bnpl-records/index"

/** CRUD methods Medusa generates for one data model of the records module (rows in snake_case). */
export interface GeneratedMethods<Row extends { id: string }> {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<Row[]>
  create(data: Omit<Row, "id">): Promise<Row>
  update(data: Partial<Row> & { id: string }): Promise<Row>
}

/** The records module as the runtime uses it: Medusa's generated `list<Model>s`, `create<Model>s`, `update<Model>s`. */
export type BnplRecordsModule = Record<string, (...args: any[]) => Promise<any>>

/** The records module (src/modules/bnpl-records) from Medusa's application container, or undefined outside an app. */
export function recordsModule(): BnplRecordsModule | undefined {
  try {
    return (appContainer.resolve(BNPL_RECORDS_MODULE, { allowUnregistered: true }) as BnplRecordsModule | undefined) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * One data model's generated methods (`model` is the plural in Medusa's names, e.g.
 * "JobRuns"), or undefined when the module is not loaded (a provider or job used outside an app).
 */
export function recordsOf<Row extends { id: string }>(model: string, module = recordsModule()): GeneratedMethods<Row> | undefined {
  if (!module) return undefined
  return {
    list: (filters, config) => module[`list${model}`](filters, config),
    create: (data) => module[`create${model}`](data),
    update: (data) => module[`update${model}`](data),
  }
}

/** Writes the one row `filters` selects: updates it, or creates it when there is none. */
export async function upsertOne<Row extends { id: string }>(methods: GeneratedMethods<Row>, filters: Record<string, unknown>, data: Omit<Row, "id">): Promise<void> {
  const [existing] = await methods.list(filters, { take: 1 })
  if (existing) await methods.update({ id: existing.id, ...data } as Partial<Row> & { id: string })
  else await methods.create(data)
}

/**
 * One data model's generated methods, or, outside a Medusa app (no records module: a unit
 * test, a script), a store in this process's memory that answers the same calls. The memory
 * store filters by equality and `{ $in: [...] }` only, and ignores `config`.
 */
export function recordsOrMemory<Row extends { id: string }>(model: string, memory: Map<string, Row>): GeneratedMethods<Row> {
  const database = recordsOf<Row>(model)
  if (database) return database
  const matches = (row: Row, filters: Record<string, unknown>) =>
    Object.entries(filters).every(([key, wanted]) => {
      const value = row[key as keyof Row] as unknown
      const among = (wanted as { $in?: unknown[] } | null)?.$in
      return Array.isArray(among) ? among.includes(value) : value === wanted
    })
  return {
    list: async (filters) => [...memory.values()].filter((row) => matches(row, filters)),
    create: async (data) => {
      const row = { ...data, id: `${model}_${memory.size + 1}` } as Row
      memory.set(row.id, row)
      return row
    },
    update: async (data) => {
      const row = { ...memory.get(data.id), ...data } as Row
      memory.set(row.id, row)
      return row
    },
  }
}
