import type { BnplClient } from "../client"
import type { Payment } from "../client/schemas"
import { describeServiceError } from "./errors"

/** Get Payment for a service order (docs/service-api.md "Get Payment"). @throws PaymentError as the admin reads a failed call. */
export async function readServicePayment(client: BnplClient, serviceOrderId: string): Promise<Payment> {
  try {
    return await client.getPayment(serviceOrderId)
  } catch (error) {
    throw describeServiceError("Reading the payment", error)
  }
}
