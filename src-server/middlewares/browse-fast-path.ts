import type { Context, Middleware } from 'koa';
import type { BrowseAnswer, ListingIndex } from '../read-models/listing-index';
import { isApiToken } from '../services/accounts/api-tokens';
import { bearer } from './auth';
import { chooseEncoding, compressBody, COMPRESS_THRESHOLD, type Encoding } from './compression';
import { answerUnchanged, etagOf } from './conditional-get';

const LIMIT_PARAM = /(?:^|&)limit=[^&]/;

/**
 * Compressed bodies per answer. An answer is reused until a write alters it, so it is compressed once per
 * encoding rather than on every request, which would cost several times the answer itself. They live as
 * long as their answer stays in the listing index's cache, whose byte bound leaves room for them.
 */
const compressed = new WeakMap<BrowseAnswer, Partial<Record<Encoding, Buffer>>>();
/** Each answer's ETag, computed once like its compressed bodies. */
const etags = new WeakMap<BrowseAnswer, string>();

/**
 * Writes a browse answer, compressed for the client like every other response (compression.ts);
 * X-Total-Count only when the request paged (as the API promises); 304 when the client holds it already.
 */
export function sendBrowseAnswer(ctx: Context, answer: BrowseAnswer): void {
  if (LIMIT_PARAM.test(ctx.querystring)) ctx.set('X-Total-Count', String(answer.total));
  let etag = etags.get(answer);
  if (!etag) etags.set(answer, (etag = etagOf(answer.body)));
  ctx.status = 200;
  if (answerUnchanged(ctx, etag)) return;
  ctx.type = 'application/json; charset=utf-8';
  const encoding = answer.body.length >= COMPRESS_THRESHOLD ? chooseEncoding(ctx) : null;
  if (!encoding) {
    ctx.body = answer.body;
    return;
  }
  let bodies = compressed.get(answer);
  if (!bodies) compressed.set(answer, (bodies = {}));
  ctx.vary('Accept-Encoding');
  ctx.set('Content-Encoding', encoding);
  ctx.body = bodies[encoding] ??= compressBody(answer.body, encoding);
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
