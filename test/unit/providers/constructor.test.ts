import { HttpExecutor } from "../../../src/client/http"
import { BnplPaymentProviderService } from "../../../src/providers/bnpl/service"

// Medusa builds a payment provider whenever its container resolves it (issue 43, item 5): the
// constructor only wires what it is given. Nothing reaches the service until the store asks
// for something; the start-up connection test belongs to the plugin's runtime.
describe("the payment provider's constructor", () => {
  it("sends nothing to the service", async () => {
    const sent: string[] = []
    const execute = jest.spyOn(HttpExecutor.prototype, "execute").mockImplementation(async (call) => {
      sent.push(call.endpoint)
      throw new Error("not sent in this test")
    })
    try {
      const provider = new BnplPaymentProviderService(
        { logger: { warn: () => undefined, error: () => undefined } },
        {
          merchantId: "100101",
          secretKey: "uk-secret-value",
          region: "UK",
          baseUrl: "https://api.bnpl.example.com",
          backendUrl: "https://store.example.com",
        },
      )
      expect(provider).toBeInstanceOf(BnplPaymentProviderService)
      // Every promise the constructor could have started has run its first steps by now.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve))
      expect(sent).toEqual([])
    } finally {
      execute.mockRestore()
    }
  })
})
