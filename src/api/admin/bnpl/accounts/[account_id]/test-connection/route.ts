import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { testAccountConnection } from "../../../../../../runtime/accounts/connection-test"
import { accountOfRequest } from "../../account-of-request"

/**
 * `POST /admin/bnpl/accounts/:account_id/test-connection` (empty JSON body) ->
 * `{ connection: ConnectionTestResult }`: the settings page's "Test connection". Runs Ping,
 * the access token (OAuth accounts), Get Configuration and the limits' currency check on a
 * client of its own (no retries, no shared token), so a wrong secret or host shows now, and
 * answers each step's outcome and, for the first failure, the step, the likely cause and what
 * to change (runtime/accounts/connection-diagnosis.ts). 200 whether the test passed or not; never a
 * merchant id, secret key, token or Authorization value.
 * @throws MedusaError NOT_FOUND for an account id this store does not have.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const account = accountOfRequest(req)
  const connection = await testAccountConnection(account, account.logger)
  res.json({ connection })
}
