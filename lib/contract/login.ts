import { z } from 'zod';

export const ZSecretGrantSchema = z.strictObject({
  grantAccess: z.literal('clientSecret'),
  clientId: z.string().min(1).max(200),
  clientSecret: z.string().min(1).max(500),
});

export const ZRefreshGrantSchema = z.strictObject({
  grantAccess: z.literal('refreshToken'),
  refreshToken: z.string().min(1).max(2000),
});

/** Body of `POST /login`: exactly one of the two grants, no other property. */
export const ZLoginRequestSchema = z
  .discriminatedUnion('grantAccess', [ZSecretGrantSchema, ZRefreshGrantSchema])
  .meta({ id: 'LoginRequest' });
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const ZLoginResponseSchema = z
  .object({
    accessToken: z.string(),
    expiresIn: z.number().int().min(1).meta({ description: 'Seconds the access token stays valid (3600).' }),
    tokenType: z.literal('Bearer'),
    refreshToken: z.string(),
  })
  .meta({ id: 'LoginResponse' });
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;
