import { z } from "zod"

/** docs/service-api.md "Bearer tokens". */
export const accessTokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  scope: z.string().optional(),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
})

/** docs/service-api.md "Error object"; all fields optional. */
export const errorBodySchema = z.looseObject({
  errorCode: z.string().optional(),
  errorId: z.string().optional(),
  message: z.string().optional(),
  httpStatusCode: z.number().int().optional(),
})

export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>
export type ErrorBody = z.infer<typeof errorBodySchema>
