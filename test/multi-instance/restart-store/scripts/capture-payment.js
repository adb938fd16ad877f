// `medusa exec ./scripts/capture-payment.js <payment id> <amount>`: captures part of a payment
// through Medusa's capturePaymentWorkflow, as another plugin or a merchant's script would,
// outside the admin's route. test/multi-instance/restart.test.ts runs it.
const { capturePaymentWorkflow } = require("@medusajs/medusa/core-flows")

async function capturePayment({ container, args }) {
  const [paymentId, amount] = args
  if (!paymentId || !amount) throw new Error("usage: medusa exec ./scripts/capture-payment.js <payment id> <amount>")
  await capturePaymentWorkflow(container).run({ input: { payment_id: paymentId, amount: Number(amount) } })
}

// Medusa's exec runs the module's default export.
module.exports = { default: capturePayment }
