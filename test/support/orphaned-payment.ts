import { BnplClient } from "../../src/client"
import type { Sandbox } from "../../src/sandbox"

/** The UK sandbox account of the integration store, as a client of its own (not the plugin's). */
export function sandboxMerchantClient(): BnplClient {
  return new BnplClient({
    merchantId: "sandbox-uk-merchant",
    secretKey: "sandbox-uk-secret-key",
    baseUrl: process.env.BNPL_BASE_URL!,
    authScheme: "basic",
  })
}

/**
 * A consumer who paid while the store failed to create the order: a 25.00 GBP checkout for a
 * cart Medusa never had (`merchantReference` "cart_lost"), confirmed and authorised at the
 * service alone (Auth requestId "orphan-auth-1"). Returns the service's payment and the client.
 */
export async function orphanedServicePayment(sandbox: Sandbox) {
  const client = sandboxMerchantClient()
  const checkout = await client.createCheckout({
    amount: { amount: "25.00", currency: "GBP" },
    consumer: { email: "lost@example.com" },
    merchantReference: "cart_lost",
    merchant: { redirectConfirmUrl: "https://shop.example.com/ok", redirectCancelUrl: "https://shop.example.com/no" },
  })
  await sandbox.control.confirmCheckout(checkout.token)
  return { client, orphan: await client.auth({ token: checkout.token, requestId: "orphan-auth-1" }) }
}
