import type { Context } from 'koa';
import { chooseEncoding, compressBody, COMPRESS_THRESHOLD, type Effort, type Encoding } from './compression';
import { answerUnchanged, etagOf } from './conditional-get';

/** A JSON answer serialised once and sent many times (a browse page, a profile). */
export interface PreparedAnswer {
  body: Buffer;
}

/**
 * Compressed bodies per answer, made on the first request that asks for each encoding. They live as long
 * as their answer stays in its cache, whose byte bound leaves room for them.
 */
const compressed = new WeakMap<PreparedAnswer, Partial<Record<Encoding, Buffer>>>();
/** Each answer's ETag, computed once like its compressed bodies. */
const etags = new WeakMap<PreparedAnswer, string>();

/**
 * Writes a prepared JSON answer, compressed for the client like every other response (compression.ts),
 * with its ETag, or 304 when the client holds it already. `effort`: how hard to compress, by how often
 * the answer is likely to be sent again.
 */
export function sendPrepared(ctx: Context, answer: PreparedAnswer, effort: Effort): void {
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
  ctx.body = bodies[encoding] ??= compressBody(answer.body, encoding, effort);
}
