import { storeRequest, type StoreClientConfig } from "./store-client"

/** Whether a cart's order exists yet: `completed` with `order_id`, `failed` with a `bnpl_error` reason. */
export interface PayLaterCartStatus {
  status: "processing" | "completed" | "failed"
  order_id?: string
  reason?: string
}

/**
 * Reads the cart's pay later status. A 404 or any failure reads as `processing`: the caller's
 * time-out, not one bad poll, decides when to stop. Never throws.
 */
export async function fetchPayLaterCartStatus(config: StoreClientConfig, cartId: string): Promise<PayLaterCartStatus> {
  try {
    const { status, body } = await storeRequest<PayLaterCartStatus>(
      { ...config, fetchOptions: { ...config.fetchOptions, cache: "no-store" } },
      `/store/bnpl/carts/${encodeURIComponent(cartId)}/status`,
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
