import type { Context, Middleware } from 'koa';
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
 * The browse page is the product's hottest path. A GET /api/listings whose exact query string was
 * answered before, and whose answer no write has altered since, is answered again here, before the body parser, auth, router and
 * validation, which cost more than the answer itself. Anything else, including the first request of
 * each kind, every invalid one and every one made with a personal access token (which is counted
 * against the token's own rate limits), goes through the full stack.
 */
export function browseFastPath(listings: ListingIndex): Middleware {
  return async (ctx, next) => {
    const token = bearer(ctx);
    if (ctx.method === 'GET' && ctx.path === '/api/listings' && !(token && isApiToken(token))) {
      const answer = listings.recall(ctx.querystring);
      if (answer) return sendBrowseAnswer(ctx, answer);
    }
    await next();
  };
}
