import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { freePort } from "../../../harness/ports"

// The OS's own range for listen(0) and outgoing connections' local ports: a port a test chose
// there could be taken by a connection to PostgreSQL before its server listened.
const ephemeralLow = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0])

describe("freePort", () => {
  it("picks ports below the ephemeral range that can be listened on", async () => {
    for (let round = 0; round < 20; round++) {
      const port = await freePort()
      expect(port).toBeLessThan(ephemeralLow)
      expect(port).toBeGreaterThanOrEqual(1024)
      const server = createServer()
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject)
        server.listen(port, "127.0.0.1", resolve)
      })
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
