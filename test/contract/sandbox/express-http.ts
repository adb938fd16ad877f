/**
 * What the express contract tests share: a merchant's and a tester's HTTP calls to a running
 * sandbox, and an express Create Checkout body (docs/sandbox.md "Express checkout").
 */
import { DEFAULT_SANDBOX_ACCOUNTS, type Sandbox, type SandboxAccount } from "../../../src/sandbox"

export const UK = DEFAULT_SANDBOX_ACCOUNTS[0]
export const EU = DEFAULT_SANDBOX_ACCOUNTS[1]

/** The storefront the popup is opened from in these tests. */
export const STOREFRONT_ORIGIN = "http://127.0.0.1:8000"

export interface Answer {
  status: number
  headers: Headers
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: any
  text: string
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text()
  let json: any
  if (text.trim().startsWith("{") || text.trim().startsWith("[")) json = JSON.parse(text)
  return { status: response.status, headers: response.headers, json, text }
}

/** A call to the service's API as a merchant (Basic, a User-Agent), with a JSON body when given. */
export async function asMerchant(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  account: SandboxAccount = UK,
): Promise<Answer> {
  const credentials = Buffer.from(`${account.merchantId}:${account.secretKey}`).toString("base64")
  const init: RequestInit = {
    method,
    headers: {
      authorization: `Basic ${credentials}`,
      "user-agent": "express-contract-test/1.0",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
  }
  if (body !== undefined) init.body = JSON.stringify(body)
  return answerOf(await fetch(sandbox.url + path, init))
}

/** A call to the sandbox's control API (`/__control...`) or its popup routes, as a test or the popup would. */
export async function asTester(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return answerOf(
    await fetch(sandbox.url + path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
}

/** An express Create Checkout body: amount, `mode: "express"`, the storefront as `popupOriginUrl`; nothing about the consumer. */
export function expressCheckoutBody(overrides: Record<string, unknown> = {}, amount = "40.00", currency = "GBP") {
  return {
    amount: { amount, currency },
    mode: "express",
    merchant: { popupOriginUrl: `${STOREFRONT_ORIGIN}/products/shirt`, name: "Express Shop" },
    merchantReference: "cart_express_1",
    items: [{ name: "Shirt", sku: "SHIRT-M", quantity: 2, price: { amount: "20.00", currency } }],
    ...overrides,
  }
}

/** A shipping option as the merchant's page answers it, in GBP unless told. */
export function shippingOption(id: string, shipping: string, order: string, currency = "GBP") {
  return {
    id,
    name: `Option ${id}`,
    description: "2 to 3 working days",
    shippingAmount: { amount: shipping, currency },
    taxAmount: { amount: "0.00", currency },
    orderAmount: { amount: order, currency },
  }
}

/** Creates an express checkout and answers its token. */
export async function createExpressCheckout(sandbox: Sandbox, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await asMerchant(sandbox, "POST", "/v2/checkouts", expressCheckoutBody(overrides))
  if (created.status !== 201) throw new Error(`Create Checkout answered ${created.status}: ${created.text}`)
  return created.json.token
}
