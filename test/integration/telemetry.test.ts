import { registerOtel } from "@medusajs/medusa"
import { MetricReader, type ResourceMetrics } from "@opentelemetry/sdk-metrics"
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base"
import { consumerChooses, pathAndQuery, Shopper, ukAddress } from "../../harness/shopper"
import refreshConfigurationJob from "../../src/jobs/refresh-configuration"
import { SPAN_ATTRIBUTES, TELEMETRY_SCOPE } from "../../src/client/telemetry"
import { placeOrder } from "../support/place-order"
import { secretsIn } from "../support/secret-scan"
import { describeStore } from "../support/store-suite"

jest.setTimeout(180_000)

/** A reader the test collects from when it wants (no export interval). */
class TestMetricReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

// As a store's instrumentation.ts does, before the store boots: Medusa's HTTP spans, an
// in-memory exporter and reader in place of a collector.
const spans = new InMemorySpanExporter()
const reader = new TestMetricReader()
const sdk = registerOtel({ serviceName: "bnpl-integration", exporter: spans, metricReader: reader, instrument: { http: true } } as never)
afterAll(() => sdk.shutdown())

const SERVICE_ATTRIBUTES = Object.values(SPAN_ATTRIBUTES)

/** The plugin's metrics as the reader collects them now (cumulative since the store started). */
async function pluginMetrics() {
  const { resourceMetrics } = (await reader.collect()) as { resourceMetrics: ResourceMetrics }
  const metrics = resourceMetrics.scopeMetrics.filter((scope) => scope.scope.name === TELEMETRY_SCOPE).flatMap((scope) => scope.metrics)
  return (name: string, match: Record<string, string>) =>
    metrics
      .find((metric) => metric.descriptor.name === name)
      ?.dataPoints.filter((point) => Object.entries(match).every(([key, value]) => point.attributes[key] === value))
      .reduce((sum, point) => sum + Number(point.value), 0) ?? 0
}
const spanId = (span: ReadableSpan) => span.spanContext().spanId
const parentId = (span: ReadableSpan) => span.parentSpanContext?.spanId

/** The nearest Medusa route handler span above `span`, walking its parents. */
function routeOf(span: ReadableSpan, byId: Map<string, ReadableSpan>): ReadableSpan | undefined {
  for (let current = byId.get(parentId(span) ?? ""); current; current = byId.get(parentId(current) ?? "")) {
    if (current.name.startsWith("route handler:")) return current
  }
  return undefined
}

/**
 * Issue 48, "Seen from outside": in a real store with an SDK registered (Medusa's
 * registerOtel), one checkout through completion, a capture and a refund give one client
 * span per call to the service, each the child of the Medusa route that made it, with the
 * documented attributes and nothing secret or personal; and the metrics add up.
 */
describeStore({}, (suite) => {
  const { api, getContainer, control } = suite

  it("checkout, completion, capture, refund: each call a child span of its route, attributes as documented, no secret or personal data", async () => {
    spans.reset()
    const order = await placeOrder(api, getContainer(), suite.store)
    await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 }, suite.admin)
    await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 5 }, suite.admin)

    const all = spans.getFinishedSpans()
    const byId = new Map(all.map((span) => [spanId(span), span]))
    const calls = all.filter((span) => span.instrumentationScope.name === TELEMETRY_SCOPE && span.kind === 2)
    const names = calls.map((span) => span.name)
    expect(names).toEqual(expect.arrayContaining(["Create Checkout", "Auth", "Capture Payment", "Create Refund"]))

    // Each call is a child of the Medusa route that made it (Auth: the return route; capture
    // and refund: Medusa's admin routes, through its payment workflows), in that route's trace.
    const routeOfCall = (name: string) => routeOf(calls.find((span) => span.name === name)!, byId)?.name
    expect(routeOfCall("Auth")).toBe("route handler: /bnpl/return")
    expect(routeOfCall("Capture Payment")).toBe("route handler: /admin/payments/:id/capture")
    expect(routeOfCall("Create Refund")).toBe("route handler: /admin/payments/:id/refund")
    // Create Checkout starts in the plugin's middleware on Medusa's payment-sessions route,
    // while Medusa's route handler runs: its parent is that middleware's span, in the route's trace.
    const checkout = calls.find((span) => span.name === "Create Checkout")!
    expect(byId.get(parentId(checkout)!)?.name).toBe("middleware: replace_session_data_with_cart_snapshot")
    const sessionsRoute = all.find((span) => span.name === "route handler: /store/payment-collections/:id/payment-sessions")!
    expect(sessionsRoute.spanContext().traceId).toBe(checkout.spanContext().traceId)
    for (const call of calls)
      expect({ call: call.name, parent: parentId(call) && byId.has(parentId(call)!) }).toEqual({ call: call.name, parent: true })

    const capture = calls.find((span) => span.name === "Capture Payment")!
    expect(capture.attributes).toMatchObject({
      [SPAN_ATTRIBUTES.endpoint]: "Capture Payment",
      [SPAN_ATTRIBUTES.account]: expect.stringMatching(/^[0-9a-f]{16}$/),
      [SPAN_ATTRIBUTES.requestId]: expect.any(String),
      [SPAN_ATTRIBUTES.httpStatus]: 201,
      [SPAN_ATTRIBUTES.outcome]: "ok",
      [SPAN_ATTRIBUTES.retries]: 0,
      [SPAN_ATTRIBUTES.firstByteMs]: expect.any(Number),
    })
    for (const call of calls) {
      // Only the documented attributes, whatever the call.
      expect(Object.keys(call.attributes).filter((key) => !SERVICE_ATTRIBUTES.includes(key as never))).toEqual([])
    }

    // The secret scan over what the exporter kept of the plugin's spans, then the consumer's data and the checkout tokens.
    const exported = JSON.stringify(
      calls.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events, status: span.status })),
    )
    expect(secretsIn(exported)).toEqual([])
    const ledger = await control.ledger()
    const tokens = ledger.checkouts.map((checkout) => checkout.token)
    const personal = [ukAddress.first_name, ukAddress.last_name, ukAddress.address_1, ukAddress.postal_code, ukAddress.phone, ...tokens]
    expect(personal.filter((value) => exported.includes(value))).toEqual([])
    expect(exported).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
  })

  it("metrics: the checkout started and approved, one Auth, the money captured and refunded in minor units of GBP, the completion by the return", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 }, suite.admin)
    await api.post(`/admin/payments/${order.paymentId}/refund`, { amount: 5 }, suite.admin)
    const total = await pluginMetrics()
    // Cumulative over the file: both tests' orders.
    expect(total("bnpl.checkouts", { "bnpl.outcome": "started" })).toBe(2)
    expect(total("bnpl.checkouts", { "bnpl.outcome": "approved" })).toBe(2)
    expect(total("bnpl.auths", { "bnpl.outcome": "approved" })).toBe(2)
    expect(total("bnpl.money.captured", { "bnpl.currency": "GBP" })).toBe(4000)
    expect(total("bnpl.money.refunded", { "bnpl.currency": "GBP" })).toBe(1000)
    expect(total("bnpl.completions", { "bnpl.path": "return" })).toBe(2)
  })

  it("a completion by the storefront's POST /store/carts/:id/complete counts once as the storefront's, read from Medusa's answer", async () => {
    const shopper = new Shopper(api, suite.store.publishableKey)
    const cart = await shopper.createCart({
      regionId: suite.store.regions.uk,
      items: [{ variant_id: suite.store.variants.tote, quantity: 1 }],
      address: ukAddress,
    })
    await shopper.addShippingMethod(cart.id, suite.store.shippingOptions.standard)
    const session = await shopper.initiatePaymentSession(cart.id, suite.store.providers.uk)
    await consumerChooses(session.data.redirectCheckoutUrl, "confirm")
    const before = (await pluginMetrics())("bnpl.completions", { "bnpl.path": "storefront" })
    const placed = await shopper.complete(cart.id)
    expect({ status: placed.status, type: placed.data.type }).toEqual({ status: 200, type: "order" })
    expect((await pluginMetrics())("bnpl.completions", { "bnpl.path": "storefront" })).toBe(before + 1)
    // The same cart completed again is not a second completion.
    await shopper.complete(cart.id)
    expect((await pluginMetrics())("bnpl.completions", { "bnpl.path": "storefront" })).toBe(before + 1)
  })

  it("GET /admin/bnpl/health: the card of the run from the timeline; a malformed or unknown account_id, or any other parameter, refused", async () => {
    const order = await placeOrder(api, getContainer(), suite.store)
    await control.fault({ endpoint: "capture", kind: "status", status: 503, times: 1 })
    await api.post(`/admin/payments/${order.paymentId}/capture`, { amount: 20 }, suite.admin)
    const { data: accounts } = await api.get("/admin/bnpl/accounts", suite.admin)
    const id = accounts.accounts[0].id
    // The timeline is written just after each call.
    let card: any
    for (let tries = 0; tries < 20; tries++) {
      card = (await api.get(`/admin/bnpl/health?account_id=${id}`, suite.admin)).data.accounts[0]
      if (card.lastHour.faults === 1 && card.lastHour.tries >= 4) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(card).toMatchObject({
      id,
      providerId: "pp_bnpl_bnpl",
      lastHour: { hours: 1, approvals: 1, declines: 0, cancellations: 0, approvalRate: 1, errors: 0, faults: 1 },
      last24Hours: { hours: 24, approvals: 1, faults: 1 },
      warnings: [],
    })
    expect(card.lastHour.lastFailure).toMatchObject({ operation: "Capture Payment", outcome: "server_error", httpStatus: 503, attempt: 1 })
    const capture = card.lastHour.endpoints.find((row: { endpoint: string }) => row.endpoint === "Capture Payment")
    expect(capture).toMatchObject({ tries: 2, p50Ms: expect.any(Number), p95Ms: expect.any(Number) })
    expect(JSON.stringify(card)).not.toContain(order.serviceOrderId)

    const refused = async (query: string) => {
      const answer = await api.get(`/admin/bnpl/health${query}`, { ...suite.admin, validateStatus: () => true })
      return [answer.status, answer.data.message]
    }
    expect(await refused("?account_id=nope")).toEqual([
      400,
      "Invalid request: account_id must be an account id from GET /admin/bnpl/accounts",
    ])
    expect(await refused("?since=1")).toEqual([400, "Invalid request: since is not accepted here"])
    expect(await refused("?account_id=0123456789abcdef")).toEqual([404, "No pay later account 0123456789abcdef in this store."])
    expect((await api.get("/admin/bnpl/health", suite.admin)).data.accounts.map((account: { id: string }) => account.id)).toEqual([id])
  })
  it("a job's run is a span, bnpl job <name>, with the job's name, the parent of the calls the run makes", async () => {
    spans.reset()
    await refreshConfigurationJob(getContainer())
    const all = spans.getFinishedSpans()
    const run = all.find((span) => span.name === "bnpl job medusa-payment-bnpl-refresh-configuration")
    expect(run?.attributes).toEqual({ "bnpl.job": "medusa-payment-bnpl-refresh-configuration" })
    expect(run?.instrumentationScope.name).toBe(TELEMETRY_SCOPE)
    expect(run?.status.code).not.toBe(2)
    const call = all.find((span) => span.name === "Get Configuration" && span.instrumentationScope.name === TELEMETRY_SCOPE)
    expect(call && parentId(call)).toBe(spanId(run!))
    expect(call?.spanContext().traceId).toBe(run!.spanContext().traceId)
    expect(call?.attributes).toMatchObject({
      [SPAN_ATTRIBUTES.endpoint]: "Get Configuration",
      [SPAN_ATTRIBUTES.outcome]: "ok",
      [SPAN_ATTRIBUTES.httpStatus]: 200,
    })
  })

  it("metrics: a checkout the shopper cancels counts once as cancelled; one that expires before the shopper returns counts as expired, with its Auth as invalid_token", async () => {
    const before = await pluginMetrics()
    const counted = {
      cancelled: before("bnpl.checkouts", { "bnpl.outcome": "cancelled" }),
      expired: before("bnpl.checkouts", { "bnpl.outcome": "expired" }),
      invalidToken: before("bnpl.auths", { "bnpl.outcome": "invalid_token" }),
    }
    const shopper = new Shopper(api, suite.store.publishableKey)
    const checkoutOf = async () => {
      const cart = await shopper.createCart({
        regionId: suite.store.regions.uk,
        items: [{ variant_id: suite.store.variants.tote, quantity: 1 }],
        address: ukAddress,
      })
      await shopper.addShippingMethod(cart.id, suite.store.shippingOptions.standard)
      return shopper.initiatePaymentSession(cart.id, suite.store.providers.uk)
    }
    // Cancelled on the service's screens, then back on the return route.
    const cancelled = await checkoutOf()
    await api.get(pathAndQuery(await consumerChooses(cancelled.data.redirectCheckoutUrl, "cancel")), {
      maxRedirects: 0,
      validateStatus: () => true,
    })
    // Confirmed, but the shopper comes back after the checkout's life: the Auth finds it expired.
    const late = await checkoutOf()
    const back = await consumerChooses(late.data.redirectCheckoutUrl, "confirm")
    await control.advanceClock(3 * 60 * 60)
    await api.get(pathAndQuery(back), { maxRedirects: 0, validateStatus: () => true })

    const after = await pluginMetrics()
    expect({
      cancelled: after("bnpl.checkouts", { "bnpl.outcome": "cancelled" }) - counted.cancelled,
      expired: after("bnpl.checkouts", { "bnpl.outcome": "expired" }) - counted.expired,
      invalidToken: after("bnpl.auths", { "bnpl.outcome": "invalid_token" }) - counted.invalidToken,
    }).toEqual({ cancelled: 1, expired: 1, invalidToken: 1 })
  })
})
