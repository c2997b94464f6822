import { z } from 'zod';

/**
 * Personal access tokens (Settings -> API tokens). `read`: everything a visitor can, plus the owner's
 * own account, offer stats and live notifications; `trade`: post, edit, close and delete listings, make,
 * cancel, accept and reject offers. No scope can change the account itself.
 */
export const TOKEN_SCOPES = ['read', 'trade'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** What every personal token starts with, so it is told apart from a session JWT (and by secret scanners). */
export const API_TOKEN_PREFIX = 'bsm_pat_';
export const API_TOKENS_MAX = 10;
export const API_TOKEN_NAME_MAX = 50;

/** POST /api/auth/tokens */
export const apiTokenInputSchema = z.strictObject({
  name: z
    .string({ error: 'Token name is required' })
    .trim()
    .min(1, 'Token name is required')
    .max(API_TOKEN_NAME_MAX, `Token name can be at most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: 'Scopes must be read or trade' }), {
      error: 'Choose at least one scope',
    })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiTokenInput = z.output<typeof apiTokenInputSchema>;
export type ApiTokenInputBody = z.input<typeof apiTokenInputSchema>;

/** A token as the list shows it: never its secret, which only its creation answer carries. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.string(),
  /** ISO time of its last use, to the minute; null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /api/auth/tokens */
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });

/** POST /api/auth/tokens: the token and, this once, its secret `bsm_pat_<random>`. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
