import type { MedusaContainer } from "@medusajs/framework/types"
import { checkAuthorizationExpiry } from "../operations/authorization-expiry"

/** Hourly: warns about authorisations expiring within 48 hours, cancels expired ones in Medusa, and voids those of canceled orders whose void on cancel failed. */
export default async function authorizationExpiryJob(container: MedusaContainer): Promise<void> {
  await checkAuthorizationExpiry(container)
}

export const config = {
  name: "medusa-payment-bnpl-authorization-expiry",
  schedule: "5 * * * *",
}
