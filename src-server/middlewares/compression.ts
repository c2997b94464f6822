import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/**
 * Compresses JSON, HTML, scripts and styles (whatever `compressible` knows as text) of 1 KB or more:
 * brotli when the client accepts it, else gzip. Brotli at quality 4 compresses about as fast as gzip's
 * default while shrinking more. Socket.IO never reaches Koa: it answers its own path on the HTTP server.
 */
export function compression(): Middleware {
  return compress({
    threshold: 1024,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    deflate: false,
    zstd: false,
  });
}
