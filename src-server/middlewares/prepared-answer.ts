import type { Context } from 'koa';
import { chooseEncoding, compressBody, COMPRESS_THRESHOLD, type Effort, type Encoding } from './compression';
import { answerUnchanged, digestOf, weakEtag } from './conditional-get';

/** A JSON answer serialised once and sent many times (a browse page, a profile). */
export interface PreparedAnswer {
  body: Buffer;
}

/**
 * Compressed bodies per answer body, made on the first request that asks for each encoding. They live as
 * long as the body stays in its cache, whose byte bound leaves room for them.
 */
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
/** Each body's digest, computed once like its compressed copies. */
const digests = new WeakMap<Buffer, string>();

/**
 * Writes a prepared JSON answer, compressed for the client like every other response (compression.ts),
 * with its ETag, or 304 when the client holds it already. `effort`: how hard to compress, by how often
 * the answer is likely to be sent again. `alongside`: what the answer says besides its body (a header's
 * value), so that its ETag changes with it too.
 */
export function sendPrepared(ctx: Context, answer: PreparedAnswer, effort: Effort, alongside = ''): void {
  let digest = digests.get(answer.body);
  if (!digest) digests.set(answer.body, (digest = digestOf(answer.body)));
  ctx.status = 200;
  if (answerUnchanged(ctx, weakEtag(digest, alongside))) return;
  ctx.type = 'application/json; charset=utf-8';
  const encoding = answer.body.length >= COMPRESS_THRESHOLD ? chooseEncoding(ctx) : null;
  if (!encoding) {
    ctx.body = answer.body;
    return;
  }
  let bodies = compressed.get(answer.body);
  if (!bodies) compressed.set(answer.body, (bodies = {}));
  ctx.vary('Accept-Encoding');
  ctx.set('Content-Encoding', encoding);
  ctx.body = bodies[encoding] ??= compressBody(answer.body, encoding, effort);
}
