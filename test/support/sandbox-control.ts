/**
 * The sandbox's control API over HTTP (docs/sandbox.md), for tests that drive a store
 * which talks to the sandbox: the ledger of what the service recorded, its clock, faults.
 */
export class SandboxControl {
  private limitsChanged = false

  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__control${path}`, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`sandbox control ${method} ${path} answered ${response.status}`)
    const text = await response.text()
    return (text ? JSON.parse(text) : undefined) as T
  }

  /** Whether a test changed an account's limits since the last ask (and forgets that it did). */
  takeLimitsChanged(): boolean {
    const changed = this.limitsChanged
    this.limitsChanged = false
    return changed
  }

  ledger(): Promise<Ledger> {
    return this.call("GET", "/ledger")
  }
  /** The service will approve `amount` (API string) for this checkout instead of what it was made for. */
  changeCheckoutAmount(token: string, amount: string, currency?: string): Promise<unknown> {
    return this.call("PUT", `/checkouts/${encodeURIComponent(token)}/amount`, { amount, ...(currency ? { currency } : {}) })
  }
  advanceClock(seconds: number): Promise<unknown> {
    return this.call("POST", "/clock/advance", { seconds })
  }
  fault(fault: { endpoint: string; kind: string; status?: number; delayMs?: number; times?: number }): Promise<unknown> {
    return this.call("POST", "/faults", fault)
  }
  /** The faults not used up yet, with how many requests each still applies to. */
  async faults(): Promise<Array<{ endpoint: string; kind: string; remaining: number }>> {
    return (await this.call<{ faults: Array<{ endpoint: string; kind: string; remaining: number }> }>("GET", "/faults")).faults
  }
  clearFaults(): Promise<unknown> {
    return this.call("DELETE", "/faults")
  }
  setLimits(merchantId: string, minimumAmount: string, maximumAmount: string): Promise<unknown> {
    this.limitsChanged = true
    return this.call("PUT", `/accounts/${merchantId}/configuration`, { minimumAmount, maximumAmount })
  }
  /**
   * The express popup's Confirm without a browser (docs/sandbox.md "Express checkout"):
   * `address` in the popup's shape (default: the first GB preset), the chosen `option` as the
   * store answered it (its `orderAmount` becomes the approved amount).
   */
  confirmExpress(
    token: string,
    body: { address?: Record<string, unknown>; email?: string; option: Record<string, unknown>; outcome?: "approve" | "decline" },
  ): Promise<unknown> {
    return this.call("POST", `/express/${encodeURIComponent(token)}/confirm`, body)
  }
  /** The express popup's Cancel. */
  cancelExpress(token: string): Promise<unknown> {
    return this.call("POST", `/express/${encodeURIComponent(token)}/cancel`, {})
  }
  /** The popup's preset addresses (`{ id, label, email, address }`), the first GB one first. */
  async expressAddresses(): Promise<Array<{ id: string; label: string; email: string; address: Record<string, any> }>> {
    return (
      await this.call<{ addresses: Array<{ id: string; label: string; email: string; address: Record<string, any> }> }>(
        "GET",
        "/express/addresses",
      )
    ).addresses
  }
  reset(): Promise<unknown> {
    return this.call("POST", "/reset")
  }
}

export interface Ledger {
  checkouts: Array<Record<string, any>>
  payments: Array<Record<string, any>>
  auths: Array<Record<string, any>>
  captures: Array<Record<string, any>>
  refunds: Array<Record<string, any>>
  voids: Array<Record<string, any>>
  courierUpdates: Array<Record<string, any>>
  tokenRequests: number
  tokenRequestsByMerchant: Record<string, number>
  requests: Record<string, number>
}
