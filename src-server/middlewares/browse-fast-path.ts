import type { Context, Middleware } from 'koa';
import type { BrowseAnswer, ListingIndex } from '../read-models/listing-index';

const LIMIT_PARAM = /(?:^|&)limit=[^&]/;

/** Writes a browse answer; X-Total-Count only when the request paged (as the API promises). */
export function sendBrowseAnswer(ctx: Context, answer: BrowseAnswer): void {
  if (LIMIT_PARAM.test(ctx.querystring)) ctx.set('X-Total-Count', String(answer.total));
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = answer.body;
}

/**
 * The browse page is the product's hottest path. A GET /api/listings whose exact query string was
 * answered since the last write is answered again here, before the body parser, auth, router and
 * validation, which cost more than the answer itself. Anything else, including the first request of
 * each kind and every invalid one, goes through the full stack.
 */
export function browseFastPath(listings: ListingIndex): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/api/listings') {
      const answer = listings.recall(ctx.querystring);
      if (answer) return sendBrowseAnswer(ctx, answer);
    }
    await next();
  };
}
