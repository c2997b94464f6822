import { z } from 'zod';
import type { TokenScope } from '../../src-common/schemas/api-token';

/**
 * Who may call a route: anyone; anyone, with more for a signed-in caller; a signed-in caller whose
 * personal token (if that is what it shows) has the named scope; or only a session token (account
 * changes and admin work refuse personal tokens with 403 TOKEN_SCOPE).
 */
export type Access = 'public' | 'optional' | TokenScope | 'session';

export type AnswerHeader = 'X-Total-Count' | 'X-Unread-Count';

/** One route of the public API, as the OpenAPI document describes it (endpoints.ts lists them all). */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI's form, `{id}` for a path parameter. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * Success answers by status: a schema for JSON, null for an empty body or a redirect; `headers` names
   * the headers of document.ts's components it sends besides the rate-limit ones.
   */
  ok: Record<number, { description: string; schema: z.ZodType | null; headers?: AnswerHeader[] }>;
  /** Error statuses the route can answer besides those of its access (401, 403) and 500/503. */
  errors?: number[];
  /** Sends an ETag and answers 304 to a request whose If-None-Match holds it. */
  conditional?: true;
  /** Counted against the named limits of policies/rate-limits.ts (besides a personal token's own). */
  limits?: string[];
}

export const idParam = z.object({
  id: z.string().regex(/^\d+$/).meta({ description: 'A positive integer id.' }),
});
export const offerIdParam = z.object({ offerId: z.string().regex(/^\d+$/) });
export const userIdParam = z.object({ userId: z.string().regex(/^\d+$/) });
export const redirect = {
  302: { description: 'A redirect to the page that shows the outcome.', schema: null },
};
export const noContent = { 204: { description: 'Done; no body.', schema: null } };
export const json = (description: string, schema: z.ZodType, headers?: AnswerHeader[]) => ({
  200: { description, schema, headers },
});
