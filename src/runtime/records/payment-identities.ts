import type { PaymentIdentities, PaymentIdentity } from "../../payments/payment-identity"
import { recordsModule, recordsOrMemory } from "./records-module"

/** A row of `bnpl_payment_identity`. */
interface PaymentIdentityRow {
  id: string
  account: string
  service_order_id: string
  token: string | null
  merchant_id: string | null
  amount: string | null
  currency_code: string | null
}

const memory = new Map<string, PaymentIdentityRow>()
const rows = () => recordsOrMemory<PaymentIdentityRow>("PaymentIdentities", memory)

/** What the service said each service order is when it approved it, read before each money call; throws on a database failure. */
export class DatabasePaymentIdentities implements PaymentIdentities {
  constructor(
    /** The account's `accountHash`. */
    private readonly account: string,
  ) {}

  /** One statement through the module's read; else the generated list, or memory. */
  async of(serviceOrderId: string): Promise<PaymentIdentity | undefined> {
    const module = recordsModule()
    if (module && typeof module.paymentIdentityOfOrder === "function") {
      const row: PaymentIdentityRow | undefined = await module.paymentIdentityOfOrder(this.account, serviceOrderId)
      return row && fromRow(row)
    }
    const [row] = await rows().list({ account: this.account, service_order_id: serviceOrderId }, { take: 1 })
    return row && fromRow(row)
  }

  async record(identity: PaymentIdentity): Promise<void> {
    const methods = rows()
    const data = {
      account: this.account,
      service_order_id: identity.serviceOrderId,
      token: identity.token ?? null,
      merchant_id: identity.merchantId ?? null,
      amount: identity.amount ?? null,
      currency_code: identity.currency ?? null,
    }
    const filters = { account: this.account, service_order_id: identity.serviceOrderId }
    const [existing] = await methods.list(filters, { take: 1 })
    if (!existing) {
      // Two instances recording one approval at once: the unique index takes one row, the other writer updates it.
      const created = await methods.create(data).then(
        () => true,
        () => false,
      )
      if (created) return
      const [raced] = await methods.list(filters, { take: 1 })
      if (!raced) throw new Error(`the identity of service order ${identity.serviceOrderId} could not be written`)
      return void (await methods.update({ id: raced.id, ...data }))
    }
    if (existing.token !== data.token || existing.merchant_id !== data.merchant_id || existing.amount !== data.amount) {
      await methods.update({ id: existing.id, ...data })
    }
  }
}

function fromRow(row: PaymentIdentityRow): PaymentIdentity {
  return {
    serviceOrderId: row.service_order_id,
    ...(row.token ? { token: row.token } : {}),
    ...(row.merchant_id ? { merchantId: row.merchant_id } : {}),
    ...(row.amount ? { amount: row.amount } : {}),
    ...(row.currency_code ? { currency: row.currency_code } : {}),
  }
}
