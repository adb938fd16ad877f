import { notFound } from "next/navigation"
import { paymentStatusLabel } from "medusa-payment-bnpl-storefront"
import { money } from "@/lib/format"
import { orderById } from "@/lib/store"

export default async function OrderConfirmed({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const order = await orderById(id)
  if (!order) notFound()
  return (
    <div className="card">
      <h1 id="order-confirmed">Order #{order.display_id} is confirmed</h1>
      <p>
        Order id <code id="order-id">{order.id}</code>, {money(order.total, order.currency_code)}, sent to {order.email}.
      </p>
      {/* An authorisation is not a payment: the kit's label says "approved", not "paid". */}
      <p id="payment-status">Payment: {paymentStatusLabel(order.payment_status)}</p>
    </div>
  )
}
