import Koa from 'koa';
import type { AppDeps } from './deps';
import { apiFallback } from './middlewares/api-fallback';
import { authenticate, type AuthState } from './middlewares/auth';
import { browseFastPath } from './middlewares/browse-fast-path';
import { compression } from './middlewares/compression';
import { jsonBody } from './middlewares/json-body';
import { literalPaths } from './middlewares/literal-paths';
import { publicReadCors } from './middlewares/cors';
import { readTurns } from './middlewares/read-turns';
import { errorHandler } from './middlewares/errors';
import { byApiToken } from './middlewares/rate-limit';
import { clientDist } from './lib/project-root';
import { requestBody } from './middlewares/request-body';
import { requestLog } from './middlewares/request-log';
import { securityHeaders } from './middlewares/security-headers';
import { spa } from './middlewares/spa';
import { apiRouter } from './routes';
import { firstHead, itemHead } from './seo/item-head';
import { listingHead } from './seo/listing-head';

const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** The Koa application; start-up (main.ts) and the tests both build it here. */
export function createApp(deps: AppDeps): Koa {
  const hops = deps.config.TRUST_PROXY;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const api = apiRouter(deps);
  app.use(requestLog(deps.logger));
  // Reads are answered a few per turn of the event loop, so writes' database replies are not kept waiting.
  app.use(readTurns());
  app.use(securityHeaders(deps.config));
  // Before the browse fast path, so its JSON is compressed too, and readable from other origins.
  app.use(publicReadCors());
  app.use(compression());
  app.use(jsonBody());
  app.use(browseFastPath(deps.listings, deps.blocks));
  app.use(errorHandler(deps.logger));
  app.use(requestBody());
  app.use(authenticate(deps.config.JWT_SECRET, deps.sessions));
  // Each personal access token has its own limits, on every request it makes; other requests skip them.
  const tokenLimits = deps.rateLimits.guard('requests with this API token', [
    { limit: 'token-requests', key: byApiToken },
    { limit: 'token-requests-hour', key: byApiToken },
  ]);
  app.use((ctx, next) => ((ctx.state as AuthState).apiToken ? tokenLimits(ctx, next) : next()));
  app.use(apiFallback());
  app.use(literalPaths(api));
  app.use(api.routes());
  app.use(api.allowedMethods());
  const publicUrl = deps.config.PUBLIC_URL;
  app.use(
    spa(
      clientDist,
      firstHead(listingHead(publicUrl, deps.listings), itemHead(publicUrl, deps.catalogue, deps.market)),
    ),
  );
  // Errors Koa reports after the response has started (a streamed file or compressed body): a client
  // that goes away mid-response is routine, anything else is logged like any unexpected error.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code && CLIENT_GONE.has(err.code)) return;
    deps.logger.error({ err }, 'response failed');
  });
  return app;
}
