import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../client/money"
import type { CreateCheckoutRequest } from "../client/schemas"
import { projectApproval } from "./authorise"
import { accountCurrency, checkEligibility } from "./eligibility"
import { PaymentError, forShopper, shopperError } from "./errors"
import { cartDigest, itemsDigest } from "./mapping/cart-digest"
import type { CartSnapshot } from "./mapping/cart-snapshot"
import { toCreateCheckoutRequest } from "./mapping/checkout"
import { accountOf, currentSettings, type PaymentContext, type PaymentResult } from "./payment-context"
import { asPaymentState, CHECKOUT_OPEN, isOpen, toSessionStatus } from "./payment-state"
import { orderCollectionRedirectUrls } from "./order-collection"
import type { BnplPaymentData, PreviousSession } from "./session-data"

/** The longest consumer e-mail the service takes (docs/service-api.md "Consumer": `email`, max 128). */
export const EMAIL_MAX_LENGTH = 128
/** Why a new session is refused while the merchant has turned the account off. */
export const ACCOUNT_DISABLED_MESSAGE = "Pay later is not available in this store at the moment."
/** A checkout is reused only with more than this left before it expires. */
export const REUSE_CHECKOUT_MIN_LIFE_MS = 5 * 60_000

/** Creates the checkout (docs/service-api.md "Create Checkout"), its digest recorded by token. @throws PaymentError, or the records' error. */
export async function startCheckout(
  context: PaymentContext,
  input: {
    snapshot: CartSnapshot
    amountMinor: bigint
    currency: string
    data: BnplPaymentData
    previousSessions?: PreviousSession[]
    now?: Date
  },
): Promise<PaymentResult & { token: string }> {
  const { snapshot, amountMinor } = input
  const currency = input.currency.toUpperCase()
  assertEmail(snapshot)
  await assertEligible(context, amountMinor, currency)
  const digest = cartDigest(snapshot)
  const status = toSessionStatus(CHECKOUT_OPEN, undefined)
  const session = {
    ...input.data,
    ...accountOf(context.options),
    cartId: snapshot.cartId,
    taxInclusive: snapshot.taxInclusive,
    cartDigest: digest,
    ...(snapshot.orderCollection ? { orderCollection: snapshot.orderCollection } : {}),
  }
  const reused = await reusePreviousSession(context, input.previousSessions ?? [], {
    cartId: snapshot.cartId,
    digest,
    amount: minorUnitsToApiAmount(amountMinor),
    currency,
    now: input.now ?? new Date(),
  })
  if (reused) {
    const { token, ...rest } = reused
    return { token, status, data: { ...session, token, ...rest } }
  }
  const request = checkoutRequest(context, snapshot, amountMinor, currency)
  const checkout = await createCheckout(context, request)
  await recordCheckoutMade(context, snapshot, digest, checkout.token, request)
  return {
    token: checkout.token,
    status,
    data: {
      ...session,
      token: checkout.token,
      expires: checkout.expires,
      redirectCheckoutUrl: checkout.redirectCheckoutUrl,
      amount: request.amount.amount,
      currency: request.amount.currency,
    },
  }
}

/** The Create Checkout body for the cart, with the return addresses of a cart or of an order's payment link. */
function checkoutRequest(context: PaymentContext, snapshot: CartSnapshot, amountMinor: bigint, currency: string) {
  const { region, merchantName, storefrontUrl } = context.options
  const returns = snapshot.orderCollection
    ? orderCollectionRedirectUrls(context.options, snapshot.orderCollection)
    : redirectUrls(context, snapshot.cartId)
  return toCreateCheckoutRequest(snapshot, { amountMinor, currency, region, merchantName, storefrontUrl, ...returns })
}

/** The shopper's e-mail, which the service requires (docs/service-api.md "Consumer"). @throws PaymentError `invalid_request`. */
function assertEmail(snapshot: CartSnapshot): void {
  if (snapshot.email && snapshot.email.length <= EMAIL_MAX_LENGTH) return
  throw new PaymentError(
    "invalid_request",
    snapshot.email
      ? // Written out (EMAIL_MAX_LENGTH): the troubleshooting page quotes it and a test holds them together.
        "Pay later needs an e-mail address of at most 128 characters; the cart's is longer."
      : "Pay later needs the shopper's e-mail address: set the cart's email before choosing it.",
  )
}

async function recordCheckoutMade(
  context: PaymentContext,
  snapshot: CartSnapshot,
  digest: string,
  token: string,
  request: CreateCheckoutRequest,
): Promise<void> {
  await context.deps.recordCheckout?.({
    token,
    cartId: snapshot.cartId,
    mode: "standard",
    itemsDigest: itemsDigest(snapshot),
    cartDigest: digest,
    amount: request.amount.amount,
    currency: request.amount.currency,
  })
}

/** Keeps a session of unchanged amount: a checkout cannot change it (docs/service-api.md "Checkout"). @throws PaymentError `invalid_request`. */
export function keepSession(input: { data: BnplPaymentData; amountMinor: bigint; currency: string }): PaymentResult {
  const { data } = input
  const unchanged =
    !!data.amount && data.currency === input.currency.toUpperCase() && apiAmountToMinorUnits(data.amount) === input.amountMinor
  if (!unchanged) {
    throw new PaymentError(
      "invalid_request",
      `The pay later checkout was made for ${data.amount ?? "?"} ${data.currency ?? ""}; create a new payment session for ${minorUnitsToApiAmount(input.amountMinor)} ${input.currency.toUpperCase()}.`,
    )
  }
  return { data: { ...data }, status: toSessionStatus(CHECKOUT_OPEN, undefined) }
}

/** One approval per cart: takes over a replaced session's open approval or unused checkout; a used token is never reused. */
async function reusePreviousSession(
  context: PaymentContext,
  previous: PreviousSession[],
  cart: { cartId: string; digest: string; amount: string; currency: string; now: Date },
): Promise<(BnplPaymentData & { token: string }) | undefined> {
  const same = previous.filter(
    (session) => session.cartDigest === cart.digest && session.amount === cart.amount && session.currency === cart.currency,
  )
  if (!same.length) return undefined
  let used: Set<string | undefined>
  try {
    const page = await context.client.listPayments({ tokens: same.map((session) => session.token), limit: 250 })
    // A payment that names no token cannot be told apart: every candidate counts as used.
    used = new Set(
      page.results.some((payment) => !payment.token) ? same.map((session) => session.token) : page.results.map((payment) => payment.token),
    )
    const approval = page.results.find(
      (payment) =>
        payment.status === "APPROVED" &&
        isOpen(asPaymentState(payment.paymentState)) &&
        payment.originalAmount?.amount === cart.amount &&
        payment.originalAmount?.currency === cart.currency &&
        same.some((session) => session.token === payment.token),
    )
    if (approval) {
      const session = same.find((candidate) => candidate.token === approval.token)!
      context.logger?.info?.(
        `medusa-payment-bnpl: cart ${cart.cartId} already has approval ${approval.id}; the new session completes with it.`,
      )
      return {
        ...projectApproval({ ...session, token: session.token }, approval),
        token: session.token,
        redirectCheckoutUrl: returnUrl(context, cart.cartId, session.token),
      }
    }
  } catch (error) {
    // Only an optimisation: a new checkout is made, and the reconciliation job voids an approval left behind.
    context.logger?.warn?.(
      `medusa-payment-bnpl: could not look for an earlier approval of cart ${cart.cartId}: ${(error as Error).message}`,
    )
    return undefined
  }
  const alive = same.find(
    (session) =>
      !used.has(session.token) &&
      session.expires &&
      Date.parse(session.expires) - cart.now.getTime() > REUSE_CHECKOUT_MIN_LIFE_MS &&
      session.redirectCheckoutUrl,
  )
  return alive ? { ...alive, token: alive.token } : undefined
}

function returnUrl(context: PaymentContext, cartId: string, token: string): string {
  const { redirectConfirmUrl } = redirectUrls(context, cartId)
  const separator = redirectConfirmUrl.includes("?") ? "&" : "?"
  return `${redirectConfirmUrl}${separator}orderToken=${encodeURIComponent(token)}&status=SUCCESS`
}

/** Inside the account's limits and currency (docs/service-api.md "Order amount limits"), account on. @throws PaymentError `not_eligible`, `unavailable`. */
export async function assertEligible(context: PaymentContext, amountMinor: bigint, currency: string): Promise<void> {
  if (!(await currentSettings(context)).enabled) throw shopperError("not_eligible", ACCOUNT_DISABLED_MESSAGE)
  await assertWithinLimits(context, amountMinor, currency)
}

/**
 * The limits rule alone, for an amount approved earlier: an account turned off since does not undo
 * an approval, but an amount above the maximum is never authorised. @throws as `assertEligible`.
 */
export async function assertWithinLimits(context: PaymentContext, amountMinor: bigint, currency: string): Promise<void> {
  const limits = await context.deps.readLimits().catch((error: unknown) => {
    throw forShopper("Reading the account's limits", error, "unavailable", context.logger)
  })
  const eligibility = checkEligibility(amountMinor, currency, accountCurrency(context.options), limits)
  if (eligibility.eligible) return
  const amount = `${minorUnitsToApiAmount(amountMinor)} ${currency}`
  const reasons: Record<NonNullable<typeof eligibility.reason>, string> = {
    not_in_region: "the store does not offer it in the cart's region",
    disabled: "the store has turned it off",
    below_minimum: `the total ${amount} is below the minimum of ${eligibility.minimumAmount} ${eligibility.currency}`,
    above_maximum: `the total ${amount} is above the maximum of ${eligibility.maximumAmount} ${eligibility.currency}`,
    unsupported_currency: `the account only accepts ${eligibility.currency}, and the cart is in ${currency}`,
    // Never from checkEligibility: the store middleware refuses excluded goods (excludedItemsError).
    excluded_items: "it holds goods the merchant excluded",
  }
  throw shopperError("not_eligible", `Pay later is not available for this cart: ${reasons[eligibility.reason!]}.`)
}

function redirectUrls(context: PaymentContext, cartId: string): { redirectConfirmUrl: string; redirectCancelUrl: string } {
  const { options } = context
  const fill = (template: string) => template.replace(/\{cart_id\}/g, encodeURIComponent(cartId))
  const fallback = options.backendUrl ? `${options.backendUrl}/bnpl/return?cart_id=${encodeURIComponent(cartId)}` : undefined
  const redirectConfirmUrl = options.redirectConfirmUrl ? fill(options.redirectConfirmUrl) : fallback
  const redirectCancelUrl = options.redirectCancelUrl ? fill(options.redirectCancelUrl) : fallback
  if (!redirectConfirmUrl || !redirectCancelUrl) {
    throw new PaymentError(
      "invalid_request",
      'medusa-payment-bnpl: option "backendUrl" is required (or "redirectConfirmUrl" and "redirectCancelUrl") so the service can send the consumer back.',
    )
  }
  return { redirectConfirmUrl, redirectCancelUrl }
}

/** Create Checkout; a failure is logged and the shopper gets `unavailable`. */
export async function createCheckout(context: PaymentContext, request: CreateCheckoutRequest) {
  try {
    return await context.client.createCheckout(request)
  } catch (error) {
    throw forShopper("Starting the pay later checkout", error, "unavailable", context.logger)
  }
}
