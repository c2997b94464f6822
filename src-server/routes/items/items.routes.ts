import Router from '@koa/router';
import type { AppDeps } from '../../deps';

/** The catalogue is fixed while the server runs, so its bodies are serialised once at start-up. */
export function itemsRoutes({ catalogue }: AppDeps): Router {
  return new Router()
    .get('/items', (ctx) => {
      ctx.type = 'json';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = catalogue.itemsJson;
    })
    .get('/items/meta/names', (ctx) => {
      ctx.type = 'json';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = catalogue.optionsJson;
    });
}
