import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';

/** What a JSON answer's ETag is made of: the same bytes give the same digest, on every process. */
export function digestOf(body: string | Buffer): string {
  return createHash('sha1').update(body).digest('base64url');
}

/**
 * A weak validator of a JSON answer, from its body's digest and what else the answer says (a header's
 * value), if anything.
 */
export function weakEtag(digest: string, alongside = ''): string {
  return `W/"${digest}${alongside && `.${alongside}`}"`;
}

/**
 * Sets the answer's ETag and, when the request's `If-None-Match` already names it (Koa's `ctx.fresh`),
 * turns the answer into a 304 without a body. Returns whether it did.
 */
export function answerUnchanged(ctx: Context, etag: string): boolean {
  ctx.set('ETag', etag);
  if (!ctx.fresh) return false;
  ctx.status = 304;
  ctx.body = null;
  return true;
}

/**
 * For a route's JSON reads: an ETag from the answer's body, and 304 to a request that holds it. Not
 * koa-etag: its tag is the body's alone, while a list's must change with its X-Total-Count too, and a
 * prepared answer's tag (middlewares/prepared-answer.ts) is made once, not hashed again per request.
 */
export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200 || ctx.body === null || ctx.body === undefined) return;
    const body = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
    // Kept serialised, so nothing downstream serialises it again.
    ctx.body = body;
    answerUnchanged(ctx, weakEtag(digestOf(body)));
  };
}
