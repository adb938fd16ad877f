import { Router } from "express"
import { z } from "zod"
import { moneySchema } from "../client/schemas"
import { assertValidLimits, type SandboxAccount } from "./accounts"
import { revokeAllAccessTokens } from "./auth"
import { isoTimestamp } from "./clock"
import { recordConsumerChoice } from "./consumer-choice"
import { controlAction, controlBody, describeControlIssue, SandboxControlError } from "./control-http"
import { createExpressControl, expressControlRoutes, type ExpressControl } from "./express/control"
import { sandboxFaultSchema, type SandboxFault } from "./faults"
import type { SandboxLedger } from "./ledger"
import { paymentBody } from "./payment-lifecycle"
import type { SandboxStore } from "./state"

export { SandboxControlError }

/** Test controls of the sandbox, none on the real service; also served under `/__control`. docs/sandbox.md "Control API". */
export interface SandboxControl extends ExpressControl {
  /**
   * Confirms a checkout as the consumer would; `decline` makes the next Auth answer 402 DECLINED.
   * @throws SandboxControlError 404 unknown, 409 express, 410 expired or used.
   */
  confirmCheckout(token: string, outcome?: "approve" | "decline"): void
  /**
   * Makes the service approve another amount (API string) than the checkout asked, so a test can show
   * the plugin voids it; the ledger keeps what Create Checkout was sent. @throws SandboxControlError 400, 404, 410.
   */
  changeCheckoutAmount(token: string, amount: string, currency?: string): { amount: string; currency: string }
  now(): Date
  advanceClock(seconds: number): Date
  addFault(fault: SandboxFault): void
  faults(): Array<SandboxFault & { remaining: number }>
  clearFaults(): void
  ledger(): SandboxLedger
  /** What Get Configuration answers and Create Checkout enforces. */
  setAccountConfiguration(merchantId: string, limits: { minimumAmount: string; maximumAmount: string }): void
  /** Returns how many tokens were still usable. */
  revokeTokens(): number
  reset(): void
}

/** The in-process controls of one sandbox. */
export function createControl(store: SandboxStore): SandboxControl {
  return {
    ...createExpressControl(store),
    confirmCheckout(token, outcome = "approve") {
      if (outcome !== "approve" && outcome !== "decline") {
        throw new SandboxControlError(400, `outcome must be approve or decline, got ${JSON.stringify(outcome)}`)
      }
      const result = recordConsumerChoice(store, token, outcome)
      if (result.recorded) return
      if (result.reason === "express") {
        throw new SandboxControlError(
          409,
          `Checkout ${token} is an express checkout: confirm it with an address and a shipping option (/__control/express/${token}/confirm)`,
        )
      }
      throw new SandboxControlError(result.reason === "unknown" ? 404 : 410, `Checkout ${token} is ${result.reason}`)
    },
    changeCheckoutAmount(token, amount, currency) {
      const checkout = store.checkouts.get(token)
      if (!checkout) throw new SandboxControlError(404, `Checkout ${token} is unknown`)
      const parsed = moneySchema.safeParse({ amount, currency: currency ?? checkout.request.amount.currency })
      if (!parsed.success) throw new SandboxControlError(400, describeControlIssue(parsed.error))
      if (store.isCheckoutExpired(checkout) || checkout.completedAtMs !== undefined) {
        throw new SandboxControlError(410, `Checkout ${token} is ${checkout.completedAtMs !== undefined ? "completed" : "expired"}`)
      }
      checkout.request = { ...checkout.request, amount: parsed.data }
      return { ...parsed.data }
    },
    now: () => store.clock.now(),
    advanceClock: (seconds) => {
      try {
        return store.clock.advance(seconds)
      } catch (error) {
        throw new SandboxControlError(400, (error as Error).message)
      }
    },
    addFault: (fault) => {
      const parsed = sandboxFaultSchema.safeParse(fault)
      if (!parsed.success) throw new SandboxControlError(400, describeControlIssue(parsed.error))
      store.faults.add(parsed.data)
    },
    faults: () => store.faults.list(),
    clearFaults: () => store.faults.clear(),
    ledger: () => store.ledger.snapshot(store.paymentsOf().map((payment) => ({ merchantId: payment.merchantId, ...paymentBody(payment) }))),
    setAccountConfiguration(merchantId, limits) {
      const account: SandboxAccount | undefined = store.account(merchantId)
      if (!account) throw new SandboxControlError(404, `No account ${merchantId}`)
      try {
        assertValidLimits(limits?.minimumAmount, limits?.maximumAmount)
      } catch (error) {
        throw new SandboxControlError(400, (error as Error).message)
      }
      account.minimumAmount = limits.minimumAmount
      account.maximumAmount = limits.maximumAmount
    },
    revokeTokens: () => revokeAllAccessTokens(store),
    reset: () => store.reset(),
  }
}

const advanceSchema = z.strictObject({ seconds: z.number().finite().min(0) })

/** The control API over HTTP, for tests and local development only. */
export function controlRoutes(control: SandboxControl): Router {
  const router = Router()
  addCheckoutRoutes(router, control)
  router.use("/express", expressControlRoutes(control))
  router.get(
    "/clock",
    controlAction(() => ({ body: { now: control.now().toISOString() } })),
  )
  router.post(
    "/clock/advance",
    controlAction((req) => {
      const parsed = advanceSchema.safeParse(controlBody(req))
      if (!parsed.success) throw new SandboxControlError(400, describeControlIssue(parsed.error))
      return { body: { now: isoTimestamp(control.advanceClock(parsed.data.seconds).getTime()) } }
    }),
  )
  addFaultRoutes(router, control)
  router.get(
    "/ledger",
    controlAction(() => ({ body: control.ledger() })),
  )
  router.put(
    "/accounts/:merchantId/configuration",
    controlAction((req) => {
      const { minimumAmount, maximumAmount } = controlBody(req)
      control.setAccountConfiguration(req.params.merchantId, { minimumAmount, maximumAmount })
      return { body: { merchantId: req.params.merchantId, minimumAmount, maximumAmount } }
    }),
  )
  router.post(
    "/tokens/revoke",
    controlAction(() => ({ body: { revoked: control.revokeTokens() } })),
  )
  router.post(
    "/reset",
    controlAction(() => {
      control.reset()
      return { body: { reset: true } }
    }),
  )
  return router
}

function addCheckoutRoutes(router: Router, control: SandboxControl): void {
  router.post(
    "/checkouts/:token/confirm",
    controlAction((req) => {
      const outcome = controlBody(req).outcome ?? "approve"
      control.confirmCheckout(req.params.token, outcome)
      return { body: { token: req.params.token, outcome } }
    }),
  )
  router.put(
    "/checkouts/:token/amount",
    controlAction((req) => {
      const { amount, currency } = controlBody(req)
      return { body: { token: req.params.token, amount: control.changeCheckoutAmount(req.params.token, amount, currency) } }
    }),
  )
}

function addFaultRoutes(router: Router, control: SandboxControl): void {
  router.get(
    "/faults",
    controlAction(() => ({ body: { faults: control.faults() } })),
  )
  router.post(
    "/faults",
    controlAction((req) => {
      control.addFault(controlBody(req) as SandboxFault)
      return { status: 201, body: { faults: control.faults() } }
    }),
  )
  router.delete(
    "/faults",
    controlAction(() => {
      control.clearFaults()
      return { body: { faults: [] } }
    }),
  )
}
