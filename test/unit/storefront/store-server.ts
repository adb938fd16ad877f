import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { StoreClientConfig } from "../../../src/storefront"

/** A request the stand-in store received. */
export interface ReceivedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage["headers"]
  body: unknown
}

type Answer = { status: number; body?: unknown; raw?: string }
type Handler = (request: ReceivedRequest) => Answer | undefined

/**
 * A stand-in for the store API on loopback, answering over real HTTP as Medusa would (JSON
 * bodies, `{ type, message }` errors), so the kit's requests, headers and parsing are exercised.
 */
export class StoreServer {
  readonly requests: ReceivedRequest[] = []
  private handler: Handler = () => undefined
  private server?: Server
  config: StoreClientConfig = { baseUrl: "", publishableKey: "pk_test" }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let data = ""
      req.on("data", (chunk) => (data += chunk))
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://localhost")
        const request: ReceivedRequest = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: data ? JSON.parse(data) : undefined,
        }
        this.requests.push(request)
        const answer = this.handler(request) ?? { status: 404, body: { type: "not_found", message: `no route ${url.pathname}` } }
        res.writeHead(answer.status, { "content-type": answer.raw === undefined ? "application/json" : "text/html" })
        res.end(answer.raw ?? (answer.body === undefined ? "" : JSON.stringify(answer.body)))
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve))
    const { port } = this.server.address() as AddressInfo
    this.config = { baseUrl: `http://127.0.0.1:${port}`, publishableKey: "pk_test" }
  }

  /** Answers with `handler` from now on; unmatched requests get Medusa's 404. */
  answer(handler: Handler): void {
    this.handler = handler
    this.requests.length = 0
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve())
  }
}

/** A base URL nothing listens on (a refused connection). */
export const UNREACHABLE: StoreClientConfig = { baseUrl: "http://127.0.0.1:1", publishableKey: "pk_test" }
