import { createHmac } from "node:crypto"
import { readFileSync } from "node:fs"
import { connect } from "node:net"
import { networkInterfaces } from "node:os"
import path from "node:path"
import { startDemo, type DemoStack } from "../../demo/stack"

/**
 * The demo stack as `npm run demo` starts it, tried as someone on the same café network
 * would (demo/README.md, "Safe on a shared network"): Medusa listens on loopback only, the
 * admin password and Medusa's JWT secret are new on every run, so the published password and
 * a token signed with the constant secret the demo once had are refused.
 */

// Medusa boots in about 20 s; migrations on a fresh database take about as long again.
jest.setTimeout(180_000)

// The secret demo/store/medusa-config.js used to fall back to, published in this repository.
const OLD_CONSTANT_JWT_SECRET = "demo-only-jwt-secret"
const OLD_PUBLISHED_PASSWORD = "demo-password"

let stack: DemoStack

beforeAll(async () => {
  stack = await startDemo({
    sandboxPort: 0,
    storePort: 0,
    storefrontPort: 0,
    freshDatabase: true,
    logDir: path.resolve(__dirname, "../../test-output/e2e-demo-stack"),
  })
})

afterAll(async () => {
  await stack?.close()
})

/** Local addresses of the sockets listening on `port`, from the kernel's tables (Linux). */
function listeningAddresses(port: number): string[] {
  const addresses: string[] = []
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = ""
    try {
      text = readFileSync(table, "utf8")
    } catch {
      continue
    }
    for (const line of text.trim().split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      const [hexAddress, hexPort] = local.split(":")
      // 0A is TCP_LISTEN.
      if (state === "0A" && parseInt(hexPort, 16) === port) addresses.push(decodeAddress(hexAddress))
    }
  }
  return addresses
}

// /proc/net/tcp writes addresses as 32-bit words in host (little-endian) byte order.
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(""))
  if (words.length === 1) return words[0].match(/../g)!.map((byte) => parseInt(byte, 16)).join(".")
  const full = words.join("")
  if (full.startsWith("00000000000000000000ffff")) {
    return `::ffff:${full.slice(24).match(/../g)!.map((byte) => parseInt(byte, 16)).join(".")}`
  }
  return full.match(/.{4}/g)!.join(":")
}

const isLoopback = (address: string) =>
  address.startsWith("127.") || address.startsWith("::ffff:127.") || address === "0000:0000:0000:0000:0000:0000:0000:0001"

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 })
    socket.once("connect", () => (socket.destroy(), resolve(true)))
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => (socket.destroy(), resolve(false)))
  })
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url")

/** An HS256 JWT over `payload`, as jsonwebtoken (Medusa's signer) makes one. */
function signJwt(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${base64url(JSON.stringify(payload))}`
  return `${head}.${createHmac("sha256", secret).update(head).digest("base64url")}`
}

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${stack.urls.store}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  })
}

const me = (token: string) => fetch(`${stack.urls.store}/admin/users/me`, { headers: { authorization: `Bearer ${token}` } })

it("Medusa listens on 127.0.0.1 only", async () => {
  const addresses = listeningAddresses(stack.storeListen.port)
  expect(addresses.length).toBeGreaterThan(0)
  expect(addresses.filter((address) => !isLoopback(address))).toEqual([])

  // Seen from the network: the machine's other addresses refuse the connection.
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === "IPv4")
    .map((entry) => entry!.address)
  for (const address of external) expect(await accepts(address, stack.storeListen.port)).toBe(false)
  expect(await accepts("127.0.0.1", stack.storeListen.port)).toBe(true)
})

it("the admin signs in with this run's password only; a token signed with the old constant secret gets 401", async () => {
  const { email, password } = stack.seed.admin
  expect(password).not.toBe(OLD_PUBLISHED_PASSWORD)
  expect(password.length).toBeGreaterThanOrEqual(20)
  expect((await signIn(email, OLD_PUBLISHED_PASSWORD)).status).toBe(401)

  const signedIn = await signIn(email, password)
  expect(signedIn.status).toBe(200)
  const { token } = (await signedIn.json()) as { token: string }
  expect((await me(token)).status).toBe(200)

  // The same claims as the real token (the real admin's ids), signed with the constant.
  const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"))
  const forged = signJwt(claims, OLD_CONSTANT_JWT_SECRET)
  expect(forged).not.toBe(token)
  expect((await me(forged)).status).toBe(401)
})
