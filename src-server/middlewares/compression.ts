import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from 'koa-compress';
import type { Context, Middleware } from 'koa';

/** Bodies smaller than this go out as they are: compressing them saves too little. */
export const COMPRESS_THRESHOLD = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Encoding = 'br' | 'gzip';

/**
 * Compresses JSON, HTML, scripts and styles (whatever `compressible` knows as text) of 1 KB or more:
 * brotli when the client accepts it, else gzip. Brotli at quality 4 compresses about as fast as gzip's
 * default while shrinking more. Socket.IO never reaches Koa: it answers its own path on the HTTP server.
 */
export function compression(): Middleware {
  return compress({
    threshold: COMPRESS_THRESHOLD,
    br: BROTLI,
    gzip: {},
    deflate: false,
    zstd: false,
  });
}

/** What `compression()` would answer this request with: brotli where accepted, else gzip, else none. */
export function chooseEncoding(ctx: Context): Encoding | null {
  const accepted = ctx.acceptsEncodings();
  if (accepted.includes('br')) return 'br';
  return accepted.includes('gzip') ? 'gzip' : null;
}

/** Compresses a body ahead of time, the same way `compression()` compresses as it streams. */
export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);
}
