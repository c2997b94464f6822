import jwt from 'jsonwebtoken';
import type { Context, Middleware } from 'koa';
import type { BlockIndex } from '../read-models/block-index';
import type { BrowseAnswer, ListingIndex } from '../read-models/listing-index';
import { isApiToken } from '../services/accounts/api-tokens';
import { bearer } from './auth';
import { sendPrepared } from './prepared-answer';

const LIMIT_PARAM = /(?:^|&)limit=[^&]/;

/**
 * Writes a browse answer like any prepared answer, X-Total-Count only when the request paged (as the API
 * promises; the ETag then covers the count too, which a write can change without changing the page). An
 * answer is reused until a write alters it, so it is compressed hard, once per encoding.
 */
export function sendBrowseAnswer(ctx: Context, answer: BrowseAnswer): void {
  if (!LIMIT_PARAM.test(ctx.querystring)) return sendPrepared(ctx, answer, 'kept');
  const total = String(answer.total);
  ctx.set('X-Total-Count', total);
  sendPrepared(ctx, answer, 'kept', total);
}

/**
 * Whether the session token's account blocked anyone. The token is only decoded here, not verified: a
 * forged one merely goes through the full stack, which verifies it; the shared answers are public anyway.
 */
function blocksSomeone(blocks: BlockIndex, token: string): boolean {
  if (blocks.empty) return false;
  const claims = jwt.decode(token);
  return typeof claims === 'object' && typeof claims?.id === 'number' && blocks.blockedBy(claims.id).size > 0;
}

/**
 * The browse page is the product's hottest path. A GET /api/listings whose exact query string was
 * answered before, and whose answer no write has altered since, is answered again here, before the body parser, auth, router and
 * validation, which cost more than the answer itself. Anything else, including the first request of
 * each kind, every invalid one, every one made with a personal access token (which is counted
 * against the token's own rate limits) and every one from a player who blocked someone (whose answer
 * leaves out the blocked sellers' listings, so is theirs alone), goes through the full stack.
 */
export function browseFastPath(listings: ListingIndex, blocks: BlockIndex): Middleware {
  return async (ctx, next) => {
    const token = bearer(ctx);
    if (
      ctx.method === 'GET' &&
      ctx.path === '/api/listings' &&
      !(token && (isApiToken(token) || blocksSomeone(blocks, token)))
    ) {
      const answer = listings.recall(ctx.querystring);
      if (answer) return sendBrowseAnswer(ctx, answer);
    }
    await next();
  };
}
