import { Router } from "express"
import { describeIssue } from "../../client/schemas"
import { controlAction, controlBody, SandboxControlError } from "../control-http"
import type { SandboxStore, StoredCheckout } from "../state"
import { EXPRESS_ADDRESS_PRESETS, type ExpressAddressPreset } from "./addresses"
import { cancelExpressCheckout, confirmExpressCheckout, isExpressRefusal, type ExpressRefusal } from "./confirmation"
import { expressConfirmationSchema } from "./schemas"

/** What an express control call recorded. */
export interface ExpressControlResult {
  token: string
  /** `approve` / `decline` for a confirmation, `cancel` for a cancel. */
  outcome: "approve" | "decline" | "cancel"
  /** After a confirmation: the approved amount (the option's `orderAmount`) and the option's id. */
  amount?: { amount: string; currency: string }
  shippingOptionIdentifier?: string
}

/**
 * The express popup's choices without a browser (tests, the soak). None of this exists on the
 * real service; over HTTP under `/__control/express` (see `expressControlRoutes`).
 */
export interface ExpressControl {
  /**
   * Records what the popup's Confirm records (express/confirmation.ts): `body` is
   * `{ address?, email?, option: { id, name?, description?, shippingAmount, taxAmount?, orderAmount }, outcome? }`
   * (address in the popup's shape, default the first GB preset; amounts Money with API strings).
   * @throws SandboxControlError 400 a malformed body (naming the field) or another currency,
   * 404 unknown token, 409 not an express checkout or already answered, 410 expired or used.
   */
  confirmExpressCheckout(token: string, body: unknown): ExpressControlResult
  /**
   * Records the popup's Cancel: Auth then answers 412 `invalid_order_transaction_status`.
   * @throws SandboxControlError 404, 409 or 410, as `confirmExpressCheckout`.
   */
  cancelExpressCheckout(token: string): ExpressControlResult
  /** The popup's preset addresses, the first GB one first (a copy). */
  expressAddresses(): ExpressAddressPreset[]
}

function recorded(outcome: StoredCheckout | ExpressRefusal): StoredCheckout {
  if (isExpressRefusal(outcome)) throw new SandboxControlError(outcome.status, outcome.message)
  return outcome
}

/** The in-process express controls of one sandbox. */
export function createExpressControl(store: SandboxStore): ExpressControl {
  return {
    confirmExpressCheckout(token, body) {
      const parsed = expressConfirmationSchema.safeParse(body)
      if (!parsed.success) {
        const { field, rule } = describeIssue(parsed.error)
        throw new SandboxControlError(400, `${field || "The body"} ${rule}`)
      }
      const checkout = recorded(confirmExpressCheckout(store, token, parsed.data))
      return {
        token,
        outcome: parsed.data.outcome ?? "approve",
        amount: { ...checkout.request.amount },
        shippingOptionIdentifier: parsed.data.option.id,
      }
    },
    cancelExpressCheckout(token) {
      recorded(cancelExpressCheckout(store, token))
      return { token, outcome: "cancel" }
    },
    expressAddresses: () => structuredClone([...EXPRESS_ADDRESS_PRESETS]),
  }
}

/**
 * `POST /:token/confirm` (body as `ExpressControl.confirmExpressCheckout`) and
 * `POST /:token/cancel`, answering 200 `ExpressControlResult`: the popup's buttons (under
 * `/express/popup`) and the control API (under `/__control/express`) record through these same
 * routes, so both record exactly the same.
 */
export function expressAnswerRoutes(control: ExpressControl): Router {
  const router = Router()
  router.post(
    "/:token/confirm",
    controlAction((req) => ({ body: control.confirmExpressCheckout(req.params.token, controlBody(req)) }))
  )
  router.post(
    "/:token/cancel",
    controlAction((req) => {
      controlBody(req)
      return { body: control.cancelExpressCheckout(req.params.token) }
    })
  )
  return router
}

/**
 * The express part of the control API, mounted under `/__control` behind its guard
 * (control-guard.ts): `GET /express/addresses` answering 200 `{ addresses: ExpressAddressPreset[] }`,
 * and `POST /express/:token/confirm`, `POST /express/:token/cancel` (`expressAnswerRoutes`).
 */
export function expressControlRoutes(control: ExpressControl): Router {
  const router = Router()
  router.get("/addresses", controlAction(() => ({ body: { addresses: control.expressAddresses() } })))
  router.use(expressAnswerRoutes(control))
  return router
}
