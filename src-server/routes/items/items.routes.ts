import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { conditionalGet } from '../../middlewares/conditional-get';

/** The catalogue is fixed while the server runs, so its bodies are serialised once at start-up. */
export function itemsRoutes({ catalogue }: AppDeps): Router {
  return new Router()
    .get('/items', conditionalGet(), (ctx) => {
      ctx.type = 'json';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = catalogue.itemsJson;
    })
    .get('/items/meta/names', conditionalGet(), (ctx) => {
      ctx.type = 'json';
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = catalogue.optionsJson;
    });
}
