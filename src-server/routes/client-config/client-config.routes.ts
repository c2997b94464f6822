import Router from '@koa/router';
import type { ClientConfig } from '../../../src-common/schemas/client-config';
import type { AppDeps } from '../../deps';

/** Public, non-secret settings for the browser; only what is listed here ever leaves the server. */
export function clientConfigRoutes({ config }: AppDeps): Router {
  return new Router().get('/client-config', (ctx) => {
    const body: ClientConfig = { analyticsUrl: config.ANALYTICS_URL ?? null };
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
}
