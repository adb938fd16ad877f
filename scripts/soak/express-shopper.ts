import { apiAmountToMinorUnits, minorUnitsToApiAmount } from "../../src/client/money"
import type { DemoSeed } from "../../harness/medusa-store"
import type { History } from "./history"
import { request, sleep, type Answer } from "./http"
import type { Prng } from "./prng"
import { swapGoodsAtSameTotal } from "./swap-goods"

/** What an express shopper does in the popup, then on the page (issue 31's soak journeys). */
export const EXPRESS_JOURNEYS = {
  confirm: 45,
  "closed popup": 12,
  "changed cart": 8,
  /** Goods swapped at the same total after approval (swap-goods.ts; excluded goods in the EU): never placed. */
  "swapped goods": 8,
  /** The popup confirms an option the store never offered it, dearer than any offered: never placed. */
  "unoffered option": 5,
  /** A complete with a token the service never issued first: refused, the cart's status unchanged. */
  "stray token": 5,
  cancel: 9,
  decline: 8,
} as const

/** The popup's Confirm and Cancel without a browser: the in-process sandbox's express controls. */
export interface ExpressConsumer {
  addresses(): Array<{ email: string; address: { countryCode: string } & Record<string, unknown> }>
  confirm(token: string, body: Record<string, unknown>): void
  cancel(token: string): void
}

export interface ExpressShopperContext {
  seed: DemoSeed
  history: History
  consumer: ExpressConsumer
  /** The storefront's origin (the store's `storefrontUrl`), the page the popup opens from. */
  storefrontOrigin: string
  orders: Set<string>
  waits: number[]
}

interface ShippingOptionAnswer {
  id: string
  orderAmount: { amount: string; currency: string }
  shippingAmount: { amount: string; currency: string }
  taxAmount?: { amount: string; currency: string }
  name?: string
}

/**
 * One express visit, as the storefront kit drives it (docs/storefront.md "Express checkout"):
 * a cart with no e-mail or address, the express start, the shipping options for the popup's
 * address (a GB one for the UK region, the DE one for the EU region), the consumer's choice in
 * the popup (the sandbox's controls), then the page's complete, unless the popup was closed
 * (the completion job then places the order). Every step goes to the history.
 */
export async function shopExpress(
  actor: string,
  rng: Prng,
  region: "uk" | "eu",
  server: () => string,
  context: ExpressShopperContext,
): Promise<void> {
  const { seed, history } = context
  const headers = { "x-publishable-api-key": seed.publishableKey, origin: context.storefrontOrigin }
  const log = (step: string, answer: Answer, extra: Record<string, string | undefined> = {}, result = answer.message) =>
    history.add({ actor, step, status: answer.status || undefined, result, ms: answer.ms, ...extra })

  const items = [{ variant_id: seed.variants.tote, quantity: rng.int(1, 2) }]
  const created = await request("POST", `${server()}/store/carts`, { headers, body: { region_id: seed.regions[region], items } })
  const cart: string | undefined = created.body?.cart?.id
  log(`express cart (${region.toUpperCase()})`, created, { cart })
  if (!cart) return
  const express = (path: string, body: unknown) => request("POST", `${server()}/store/bnpl/carts/${cart}/express${path}`, { headers, body })

  const started = await express("", { provider_id: seed.providers[region] })
  const token: string | undefined = started.body?.token
  log("express start", started, { cart, token }, token ? "checkout created" : (started.body?.reason ?? started.message))
  if (!token) return

  const country = region === "uk" ? "GB" : "DE"
  const preset = context.consumer.addresses().find((candidate) => candidate.address.countryCode === country)
  if (!preset) return void history.add({ actor, step: "express address", cart, token, result: `no ${country} preset in the sandbox` })
  const offered = await express("/shipping-options", preset.address)
  const options: ShippingOptionAnswer[] = offered.body?.shipping_options ?? []
  log(
    "express shipping options",
    offered,
    { cart, token },
    options.length ? `${options.length} option(s)` : (offered.body?.rejection ?? offered.message),
  )
  if (!options.length) return

  const journey = rng.weighted(EXPRESS_JOURNEYS)
  const offeredOption = rng.pick(options)
  const option =
    journey === "unoffered option"
      ? {
          ...offeredOption,
          id: "so_never_offered",
          orderAmount: {
            ...offeredOption.orderAmount,
            amount: minorUnitsToApiAmount(apiAmountToMinorUnits(offeredOption.orderAmount.amount) + 500n),
          },
        }
      : offeredOption
  try {
    if (journey === "cancel") context.consumer.cancel(token)
    else
      context.consumer.confirm(token, {
        address: preset.address,
        email: `${actor}@example.com`,
        option,
        outcome: journey === "decline" ? "decline" : "approve",
      })
  } catch (error) {
    return void history.add({ actor, step: `popup ${journey}`, cart, token, result: (error as Error).message })
  }
  history.add({ actor, step: `popup ${journey === "cancel" ? "cancel" : "confirm"}`, cart, token, result: journey })
  if (journey === "closed popup" || journey === "cancel") return

  if (journey === "changed cart") {
    const added = await request("POST", `${server()}/store/carts/${cart}/line-items`, {
      headers,
      body: { variant_id: seed.variants.tote, quantity: 1 },
    })
    log("change cart after approval", added, { cart, token })
  }
  if (journey === "swapped goods")
    log("swap goods at the same total", await swapGoodsAtSameTotal(server(), cart, seed, headers), { cart, token })
  if (journey === "stray token") {
    const stray = await express("/complete", { orderToken: `stray-${rng.int(1, 1e9)}` })
    log("express complete (stray token)", stray, { cart }, stray.body?.reason ?? stray.message)
  }
  await sleep(rng.int(0, 1_000))
  const completed = await express("/complete", { orderToken: token })
  context.waits.push(completed.ms)
  const order: string | undefined = completed.body?.order_id
  if (order) context.orders.add(order)
  log("express complete", completed, { cart, token, order }, order ? "order placed" : (completed.body?.reason ?? completed.message))
}
