/** The `Authorization` header of HTTP Basic for a merchant id and secret key. */
export function basicAuthorization(account: { merchantId: string; secretKey: string }): string {
  return `Basic ${Buffer.from(`${account.merchantId}:${account.secretKey}`).toString("base64")}`
}

/** An answer's status, headers and text, and its body as JSON (undefined when it is not JSON). */
export async function readAnswer(response: Response): Promise<{ status: number; headers: Headers; text: string; json: any }> {
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}
