import { consumerChooses, euAddress, ukAddress } from "../../harness/shopper"
import type { DemoSeed } from "../../harness/medusa-store"
import { shopExpress, type ExpressConsumer } from "./express-shopper"
import { swapGoodsAtSameTotal } from "./swap-goods"
import type { History } from "./history"
import { request, sleep, type Answer } from "./http"
import type { Prng } from "./prng"

/** What a shopper does once the checkout exists (the consumer's screens, then the store). */
export const JOURNEYS = {
  confirm: 36,
  "second press": 12,
  "closed tab": 10,
  "changed cart": 8,
  /** Goods swapped at the same total after approval (swap-goods.ts): never placed. */
  "swapped goods": 8,
  /** A return with a token the service never issued first: it changes nothing of the cart. */
  "stray token": 4,
  "complete from storefront": 8,
  cancel: 7,
  decline: 7,
} as const
export type Journey = keyof typeof JOURNEYS

export interface ShopperContext {
  seed: DemoSeed
  history: History
  liveServers: () => string[]
  /** Orders the shoppers reached, for the admins. */
  orders: Set<string>
  /** How long each return (or complete) took, ms. */
  waits: number[]
  /** The popup's choices for express shoppers (the sandbox's controls). */
  expressConsumer: ExpressConsumer
  /** The store's storefront origin, where express starts. */
  storefrontOrigin: string
}

/** The share of shoppers who press the express button instead of going through the checkout. */
export const EXPRESS_SHARE = 0.25

/** Where shoppers buy: the UK region (GBP, the UK account, captured by hand) or the EU region (EUR, the EU account, captured on shipment). */
export const REGIONS = { uk: 65, eu: 35 } as const

/**
 * One shopper's whole visit, bounded (each request has a time limit, nothing loops): a cart on
 * one server in the UK or the EU region, the Pay later session of the account serving it, the
 * consumer's choice on the service's screens, and what the browser does next. Every step goes
 * to the history.
 */
export async function shop(actor: string, rng: Prng, context: ShopperContext): Promise<void> {
  const { seed, history } = context
  const headers = { "x-publishable-api-key": seed.publishableKey }
  const server = () => {
    const live = context.liveServers()
    return live.length ? rng.pick(live) : "http://127.0.0.1:1"
  }
  const log = (step: string, answer: Answer, extra: Record<string, string | undefined> = {}, result = answer.message) =>
    history.add({ actor, step, status: answer.status || undefined, result, ms: answer.ms, ...extra })

  const region = rng.weighted(REGIONS)
  if (rng.chance(EXPRESS_SHARE)) {
    const { orders, waits, expressConsumer: consumer, storefrontOrigin } = context
    return shopExpress(actor, rng, region, server, { seed, history, consumer, storefrontOrigin, orders, waits })
  }
  const address = region === "uk" ? ukAddress : euAddress
  // The EU account excludes the tea towel (scripts/soak/store): EU carts hold totes only.
  const towels = region === "uk" && rng.chance(0.4) ? [{ variant_id: seed.variants.teaTowel, quantity: rng.int(1, 2) }] : []
  const items = [{ variant_id: seed.variants.tote, quantity: rng.int(1, 3) }, ...towels]
  const created = await request("POST", `${server()}/store/carts`, {
    headers,
    body: { region_id: seed.regions[region], email: `${actor}@example.com`, items, shipping_address: address, billing_address: address },
  })
  const cart: string | undefined = created.body?.cart?.id
  log(`create cart (${region.toUpperCase()})`, created, { cart })
  if (!cart) return
  const shipping = await request("POST", `${server()}/store/carts/${cart}/shipping-methods`, {
    headers,
    body: { option_id: seed.shippingOptions.standard },
  })
  log("shipping method", shipping, { cart })
  if (shipping.status !== 200) return
  const collection = await request("POST", `${server()}/store/payment-collections`, { headers, body: { cart_id: cart } })
  const collectionId: string | undefined = collection.body?.payment_collection?.id
  if (!collectionId) return void log("payment collection", collection, { cart })
  const sessioned = await request("POST", `${server()}/store/payment-collections/${collectionId}/payment-sessions`, {
    headers,
    body: { provider_id: seed.providers[region] },
  })
  const session = sessioned.body?.payment_collection?.payment_sessions?.find(
    (candidate: any) => candidate.provider_id === seed.providers[region],
  )
  const token: string | undefined = session?.data?.token
  log("payment-session", sessioned, { cart, token }, token ? "checkout created" : sessioned.message)
  if (!token) return

  const journey = rng.weighted(JOURNEYS)
  const choice = journey === "cancel" || journey === "decline" ? journey : "confirm"
  let back: URL
  try {
    back = await consumerChooses(session.data.redirectCheckoutUrl, choice)
  } catch (error) {
    history.add({ actor, step: `consumer ${choice}`, cart, token, result: (error as Error).message })
    return
  }
  history.add({ actor, step: `consumer ${choice}`, cart, token, result: journey })
  if (journey === "closed tab") return

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
    const stray = `${back.pathname}?cart_id=${encodeURIComponent(cart)}&orderToken=stray-${rng.int(1, 1e9)}&status=SUCCESS`
    const answer = await request("GET", `${server()}${stray}`)
    log("return (stray token)", answer, { cart }, answer.location ? answer.location.replace(/^https?:\/\/[^/]+/, "") : answer.message)
  }
  await sleep(rng.int(0, 1_500))
  if (journey === "complete from storefront") {
    const completed = await request("POST", `${server()}/store/carts/${cart}/complete`, { headers })
    context.waits.push(completed.ms)
    const order: string | undefined = completed.body?.type === "order" ? completed.body.order?.id : undefined
    if (order) context.orders.add(order)
    log("complete", completed, { cart, token, order }, order ? "order placed" : completed.message)
    return
  }
  const returnPath = `${back.pathname}${back.search}`
  const presses = journey === "second press" ? 2 : 1
  await Promise.all(
    Array.from({ length: presses }, async (_, press) => {
      if (press) await sleep(rng.int(0, 800))
      const answer = await request("GET", `${server()}${returnPath}`)
      context.waits.push(answer.ms)
      const order = answer.location ? /\/order\/([^/?#]+)/.exec(answer.location)?.[1] : undefined
      if (order) context.orders.add(order)
      const where = answer.location ? answer.location.replace(/^https?:\/\/[^/]+/, "") : answer.message
      log(press ? "return (second press)" : "return", answer, { cart, token, order }, where)
    }),
  )
}
