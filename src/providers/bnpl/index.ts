import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { BnplPaymentProviderService } from "./service"

/**
 * `medusa-payment-bnpl/providers/bnpl`: register it in the payment module's providers with
 * `id: "bnpl"`; its payment provider id is then `pp_bnpl_bnpl` (DESIGN.md).
 */
export default ModuleProvider(Modules.PAYMENT, {
  services: [BnplPaymentProviderService],
})

export { BnplPaymentProviderService }
