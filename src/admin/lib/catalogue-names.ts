import { useQueries, useQuery } from "@tanstack/react-query"
import Medusa from "@medusajs/js-sdk"
import type { AccountSettings } from "./api"

type ListKey = Exclude<keyof AccountSettings["exclusions"], "variantSkus">

// Medusa's admin routes for the pickers. `stored`: what the setting keeps (tags by value).
const SOURCES: Record<ListKey, { path: string; list: string; name: string; stored: "id" | "value" }> = {
  productIds: { path: "/admin/products", list: "products", name: "title", stored: "id" },
  collectionIds: { path: "/admin/collections", list: "collections", name: "title", stored: "id" },
  categoryIds: { path: "/admin/product-categories", list: "product_categories", name: "name", stored: "id" },
  typeIds: { path: "/admin/product-types", list: "product_types", name: "value", stored: "id" },
  tags: { path: "/admin/product-tags", list: "product_tags", name: "value", stored: "value" },
}

export const PICKED_LISTS = Object.keys(SOURCES) as ListKey[]

const sdk = new Medusa({ baseUrl: "/", auth: { type: "session" } })

export interface CatalogueEntry {
  /** What the setting stores (an id, or a tag's value). */
  stored: string
  name: string
}

async function list(key: ListKey, query: Record<string, unknown>): Promise<CatalogueEntry[]> {
  const source = SOURCES[key]
  const answer = await sdk.client.fetch<Record<string, Array<Record<string, string>>>>(source.path, {
    query: { ...query, limit: 20, fields: `id,${source.name}` },
  })
  return (answer[source.list] ?? []).map((row) => ({ stored: row[source.stored], name: row[source.name] ?? row.id }))
}

/** What the picker of `key` offers for the search `text` (Medusa's `q`), at most 20. */
export function useCatalogueSearch(key: ListKey, text: string) {
  return useQuery({
    queryKey: ["bnpl", "catalogue", key, text],
    queryFn: () => list(key, { q: text }),
    enabled: text.trim().length > 0,
  })
}

/** A namer for the exclusion lists' stored ids, one Medusa call per list; an unknown id is named by itself. */
export function useCatalogueNames(
  exclusions: Array<Partial<AccountSettings["exclusions"]> | null | undefined>,
): (stored: string) => string {
  const wanted = PICKED_LISTS.filter((key) => SOURCES[key].stored === "id").map((key) => ({
    key,
    ids: [...new Set(exclusions.flatMap((entry) => entry?.[key] ?? []))].sort(),
  }))
  const answers = useQueries({
    queries: wanted.map(({ key, ids }) => ({
      queryKey: ["bnpl", "catalogue-names", key, ids],
      queryFn: () => list(key, { id: ids }),
      enabled: ids.length > 0,
    })),
  })
  const names = new Map<string, string>()
  for (const answer of answers) for (const entry of answer.data ?? []) names.set(entry.stored, entry.name)
  return (stored) => names.get(stored) ?? stored
}
