import net from "node:net"
import { OutageProxy } from "../../../harness/outage-proxy"

/**
 * The outage proxy as a client of PostgreSQL or Redis meets it: an echo server on loopback
 * stands in for the dependency; the client writes a line and waits for it back.
 */

let echo: net.Server
let echoPort: number
/** The echo server's open connections, so a test can close them as a restarting server does. */
const echoSockets = new Set<net.Socket>()
let proxy: OutageProxy
const clients: net.Socket[] = []

beforeAll(async () => {
  echo = net.createServer((socket) => {
    echoSockets.add(socket)
    socket.on("close", () => echoSockets.delete(socket))
    socket.on("error", () => {})
    socket.pipe(socket)
  })
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve))
  echoPort = (echo.address() as net.AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => echo.close(() => resolve()))
})

beforeEach(async () => {
  proxy = new OutageProxy({ host: "127.0.0.1", port: echoPort }, "echo")
  await proxy.listen()
})

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy()
  await proxy.close()
})

/** Connects through the proxy; resolves with the socket once connected, or the error that ended it. */
function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(proxy.port, "127.0.0.1")
    clients.push(socket)
    socket.once("connect", () => resolve(socket))
    socket.once("error", reject)
  })
}

/** Writes `text` and resolves with what comes back, or rejects when the connection ends first. */
function roundTrip(socket: net.Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ""
    const onData = (chunk: Buffer) => {
      received += chunk.toString("utf8")
      if (received.length >= text.length) {
        socket.off("data", onData)
        resolve(received)
      }
    }
    socket.on("data", onData)
    socket.once("close", () => reject(new Error(`closed after ${JSON.stringify(received)}`)))
    socket.once("error", (error) => reject(error))
    socket.write(text)
  })
}

/** Resolves once the socket is closed (by the far end). */
const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once("close", () => resolve())))

describe("OutageProxy", () => {
  it("passes bytes both ways unchanged while the way is open", async () => {
    const socket = await connect()
    await expect(roundTrip(socket, "SELECT 1;\n")).resolves.toBe("SELECT 1;\n")
    expect(proxy.forwarded).toBe(1)
    expect(proxy.open).toBe(1)
  })

  it("hangs up open connections when cut, and resets new ones until restored", async () => {
    const socket = await connect()
    await roundTrip(socket, "before\n")

    proxy.cut()
    await closed(socket)
    expect(proxy.severed).toBe(1)
    expect(proxy.open).toBe(0)

    // A client arriving during the outage is connected and reset at once: no byte comes back.
    const during = await connect().catch((error: Error) => error)
    if (during instanceof net.Socket) await expect(roundTrip(during, "during\n")).rejects.toThrow()
    expect(proxy.dropped).toBe(1)
    expect(proxy.isCut).toBe(true)

    proxy.restore()
    const after = await connect()
    await expect(roundTrip(after, "after\n")).resolves.toBe("after\n")
    expect(proxy.cuts).toBe(1)
    expect(proxy.forwarded).toBe(2)
  })

  it("closes the client's side when the server closes its own", async () => {
    const socket = await connect()
    await roundTrip(socket, "hello\n")
    // The echo server ends every connection it holds, as a database restarting does.
    const ended = closed(socket)
    for (const connection of echoSockets) connection.end()
    await ended
    expect(proxy.open).toBe(0)
  })

  it("gives a URL's host and port as its own, keeping the rest", () => {
    expect(proxy.urlThrough("postgres://postgres@localhost:5432/bnpl_soak_1")).toBe(
      `postgres://postgres@127.0.0.1:${proxy.port}/bnpl_soak_1`,
    )
    expect(proxy.urlThrough("redis://127.0.0.1:6379/11")).toBe(`redis://127.0.0.1:${proxy.port}/11`)
    expect(proxy.urlThrough("http://127.0.0.1:4950")).toBe(`http://127.0.0.1:${proxy.port}`)
    expect(OutageProxy.forUrl("postgres://postgres@localhost/db").name).toBe("127.0.0.1:5432")
  })
})
