import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { apiAmountToMinorUnits } from "../../client/money"
import { PaymentError } from "../../payments/errors"
import type { PaymentResult } from "../../payments/payment-operations"
import { toSessionStatus } from "../../payments/payment-state"
import type { BnplPaymentData } from "../../payments/session-data"
import { carriedApproval } from "../../runtime/records/carried-approvals"
import type { ContainerLike } from "../../runtime/infrastructure/shared-types"

/**
 * The data of a session that takes over a carried approval, so authorising it needs no call to
 * the service. The approval must be carried, for this amount (minor units) and currency, to this
 * session's collection. @throws PaymentError `not_allowed` otherwise.
 */
export async function carriedSession(
  scope: ContainerLike,
  input: { carriedApprovalId: string; sessionId: string | undefined; amountMinor: bigint; currency: string },
): Promise<PaymentResult & { token: string }> {
  const carried = await carriedApproval(input.carriedApprovalId)
  const collectionId = input.sessionId ? await collectionOfSession(scope, input.sessionId) : undefined
  const data = carried?.paymentData
  if (
    carried?.state !== "carried" ||
    !carried.keptAmount ||
    apiAmountToMinorUnits(carried.keptAmount) !== input.amountMinor ||
    carried.currencyCode.toUpperCase() !== input.currency.toUpperCase() ||
    !collectionId ||
    carried.toCollectionId !== collectionId ||
    !data?.token ||
    data.amount !== carried.keptAmount
  ) {
    throw new PaymentError(
      "not_allowed",
      `medusa-payment-bnpl: the carried approval ${input.carriedApprovalId} cannot be taken over by this payment session.`,
    )
  }
  const taken: BnplPaymentData = { ...data, carriedApprovalId: carried.id, carriedAt: undefined }
  return { token: data.token, data: taken, status: toSessionStatus(data.paymentState, data.authorizationExpiresAt) }
}

async function collectionOfSession(scope: ContainerLike, sessionId: string): Promise<string | undefined> {
  const query = scope.resolve<{ graph(input: unknown): Promise<{ data: unknown[] }> }>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment_session", fields: ["id", "payment_collection_id"], filters: { id: sessionId } })
  return (data[0] as { payment_collection_id?: string } | undefined)?.payment_collection_id
}
