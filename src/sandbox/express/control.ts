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
  outcome: "approve" | "decline" | "cancel"
  /** After a confirmation: the approved amount and the option's id. */
  amount?: { amount: string; currency: string }
  shippingOptionIdentifier?: string
}

/** The express popup's choices without a browser; none of it exists on the real service. */
export interface ExpressControl {
  /**
   * Records what the popup's Confirm records; `body` is `{ address?, email?, option, outcome? }`, address
   * default the first GB preset. @throws SandboxControlError 400 malformed or other currency, 404, 409, 410.
   */
  confirmExpressCheckout(token: string, body: unknown): ExpressControlResult
  /** Records the popup's Cancel: Auth then answers 412. @throws SandboxControlError 404, 409 or 410. */
  cancelExpressCheckout(token: string): ExpressControlResult
  /** A copy, the first GB one first. */
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

/** `POST /:token/confirm` and `/:token/cancel`: the popup's buttons and the control API use the same routes, so both record exactly the same. */
export function expressAnswerRoutes(control: ExpressControl): Router {
  const router = Router()
  router.post(
    "/:token/confirm",
    controlAction((req) => ({ body: control.confirmExpressCheckout(req.params.token, controlBody(req)) })),
  )
  router.post(
    "/:token/cancel",
    controlAction((req) => {
      controlBody(req)
      return { body: control.cancelExpressCheckout(req.params.token) }
    }),
  )
  return router
}

/** The express part of the control API, mounted under `/__control` behind its guard. */
export function expressControlRoutes(control: ExpressControl): Router {
  const router = Router()
  router.get(
    "/addresses",
    controlAction(() => ({ body: { addresses: control.expressAddresses() } })),
  )
  router.use(expressAnswerRoutes(control))
  return router
}
