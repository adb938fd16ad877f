import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { BnplPaymentProviderService } from "./service"

/** Registered in the payment module's providers with `id: "bnpl"`, its provider id is `pp_bnpl_bnpl`. */
export default ModuleProvider(Modules.PAYMENT, {
  services: [BnplPaymentProviderService],
})

export { BnplPaymentProviderService }
