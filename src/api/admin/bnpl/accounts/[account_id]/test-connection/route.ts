import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { testAccountConnection } from "../../../../../../runtime/accounts/connection-test"
import { accountOfRequest } from "../../account-of-request"

/** `POST /admin/bnpl/accounts/:account_id/test-connection`: the test on a fresh client; 200 whether it passed or not. */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const account = accountOfRequest(req)
  const connection = await testAccountConnection(account, account.logger)
  res.json({ connection })
}
