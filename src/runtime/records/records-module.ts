import { container as appContainer } from "@medusajs/framework"
import { BNPL_RECORDS_MODULE } from "../../modules/bnpl-records/index"

/** CRUD methods Medusa generates for one data model of the records module (rows in snake_case). */
export interface GeneratedMethods<Row extends { id: string }> {
  list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<Row[]>
  create(data: Omit<Row, "id">): Promise<Row>
  update(data: Partial<Row> & { id: string }): Promise<Row>
  delete(id: string): Promise<void>
}

/** The records module as the runtime uses it: Medusa's generated `list<Model>s`, `create<Model>s`, `update<Model>s`. */
export type BnplRecordsModule = Record<string, (...args: any[]) => Promise<any>>

/** The records module from Medusa's application container, or undefined outside an app. */
export function recordsModule(): BnplRecordsModule | undefined {
  try {
    return (appContainer.resolve(BNPL_RECORDS_MODULE, { allowUnregistered: true }) as BnplRecordsModule | undefined) ?? undefined
  } catch {
    return undefined
  }
}

/** One data model's generated methods (`model` in the plural, "JobRuns"), or undefined outside an app. */
export function recordsOf<Row extends { id: string }>(model: string, module = recordsModule()): GeneratedMethods<Row> | undefined {
  if (!module) return undefined
  return {
    list: (filters, config) => module[`list${model}`](filters, config),
    create: (data) => module[`create${model}`](data),
    update: (data) => module[`update${model}`](data),
    delete: async (id) => void (await module[`delete${model}`](id)),
  }
}

/** Writes the one row `filters` selects: updates it, or creates it when there is none. */
export async function upsertOne<Row extends { id: string }>(
  methods: GeneratedMethods<Row>,
  filters: Record<string, unknown>,
  data: Omit<Row, "id">,
): Promise<void> {
  const [existing] = await methods.list(filters, { take: 1 })
  if (existing) await methods.update({ id: existing.id, ...data } as Partial<Row> & { id: string })
  else await methods.create(data)
}

/** One data model's generated methods, or outside a Medusa app an in-memory store answering the same calls. */
export function recordsOrMemory<Row extends { id: string }>(model: string, memory: Map<string, Row>): GeneratedMethods<Row> {
  return recordsOf<Row>(model) ?? recordsInMemory(model, memory)
}

/** The in-memory half of recordsOrMemory: `memory` (rows by id) answering the generated methods' calls. */
export function recordsInMemory<Row extends { id: string }>(model: string, memory: Map<string, Row>): GeneratedMethods<Row> {
  return {
    list: async (filters, config) =>
      inMemoryPage(
        [...memory.values()].filter((row) => matchesFilters(row, filters)),
        config,
      ),
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
    delete: async (id) => void memory.delete(id),
  }
}

/** A date, a date string or a number as something `<` compares; anything else as it is. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime()
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return Date.parse(value)
  return value
}

/** Whether `row` meets Medusa-style `filters` (see recordsOrMemory). */
export function matchesFilters(row: object, filters: Record<string, unknown>): boolean {
  return Object.entries(filters).every(([key, wanted]) => {
    const value = (row as Record<string, unknown>)[key]
    if (Array.isArray(wanted)) return wanted.includes(value)
    if (wanted === null || typeof wanted !== "object" || wanted instanceof Date) return comparable(value) === comparable(wanted)
    return Object.entries(wanted as Record<string, unknown>).every(([operator, operand]) => {
      const [a, b] = [comparable(value), comparable(operand)] as [number, number]
      switch (operator) {
        case "$in":
          return Array.isArray(operand) && operand.includes(value)
        case "$ne":
          return operand === null ? value !== null && value !== undefined : a !== b
        case "$gt":
          return a > b
        case "$gte":
          return a >= b
        case "$lt":
          return a < b
        case "$lte":
          return a <= b
        default:
          throw new Error(`records-module: the in-memory store does not know the filter ${operator}`)
      }
    })
  })
}

/** `config.order` (one field), `skip` and `take`, as the database would apply them. */
function inMemoryPage<Row>(rows: Row[], config: Record<string, unknown> | undefined): Row[] {
  const order = Object.entries((config?.order ?? {}) as Record<string, "ASC" | "DESC">)[0]
  const sorted = order
    ? [...rows].sort((x, y) => {
        const [a, b] = [comparable((x as Record<string, unknown>)[order[0]]), comparable((y as Record<string, unknown>)[order[0]])] as [
          number,
          number,
        ]
        return (a < b ? -1 : a > b ? 1 : 0) * (order[1] === "DESC" ? -1 : 1)
      })
    : rows
  const skip = Number(config?.skip ?? 0)
  return config?.take === undefined ? sorted.slice(skip) : sorted.slice(skip, skip + Number(config.take))
}
