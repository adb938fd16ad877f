import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { PROVIDER_ID_PREFIX } from "../vocabulary"

/**
 * The pay-later payment sessions in `statuses` created within the last two hours before
 * `now` (a checkout lives at most 60 minutes, docs/service-api.md "Limits"; the rest is a
 * margin for clocks), read with `fields` (query.graph): what the background completion looks at.
 */
export async function recentPayLaterSessions(
  container: ContainerLike,
  now: Date,
  statuses: readonly string[],
  fields: readonly string[]
): Promise<Array<Record<string, any>>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const since = new Date(now.getTime() - 2 * 60 * 60 * 1000)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [...fields],
    filters: { provider_id: { $like: `${PROVIDER_ID_PREFIX}%` }, status: [...statuses], created_at: { $gte: since } } as never,
  })
  return data as Array<Record<string, any>>
}
