import { storeRequest, type StoreClientConfig } from "./store-client"

/**
 * `GET /store/bnpl/carts/:id/status`: whether the order of a cart paid later exists yet.
 * `processing` while the return is still being handled (the shopper came back with
 * `bnpl_status=processing`), `completed` with `order_id`, `failed` with a `bnpl_error` reason.
 */
export interface PayLaterCartStatus {
  status: "processing" | "completed" | "failed"
  order_id?: string
  reason?: string
}

/**
 * Reads the cart's pay later status. A 404 (a store whose plugin has no status route yet, or
 * a cart the route does not know yet) and any failure to answer read as `processing`: the
 * caller's time-out, not one bad poll, decides when to stop. Never throws.
 */
export async function fetchPayLaterCartStatus(config: StoreClientConfig, cartId: string): Promise<PayLaterCartStatus> {
  try {
    const { status, body } = await storeRequest<PayLaterCartStatus>(
      { ...config, fetchOptions: { ...config.fetchOptions, cache: "no-store" } },
      `/store/bnpl/carts/${encodeURIComponent(cartId)}/status`
    )
    if (status === 200 && body && ["processing", "completed", "failed"].includes(body.status)) {
      if (body.status === "completed" && !body.order_id) return { status: "processing" }
      return body
    }
    return { status: "processing" }
  } catch {
    return { status: "processing" }
  }
}
