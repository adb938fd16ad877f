import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ContainerLike } from "../runtime/infrastructure/shared-types"
import { PROVIDER_ID_PREFIX } from "../vocabulary"

/** Pay-later sessions of the last two hours: a checkout lives at most 60 minutes, plus a margin for clocks. */
export async function recentPayLaterSessions(
  container: ContainerLike,
  now: Date,
  statuses: readonly string[],
  fields: readonly string[],
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
