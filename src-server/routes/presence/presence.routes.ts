import Router from '@koa/router';
import { presenceQuerySchema } from '../../../src-common/schemas/presence';
import type { AppDeps } from '../../deps';
import { parseQuery } from '../../middlewares/validate';

/** GET /api/presence?ids=1,2,3: who of these players is online, and when the others were last seen. */
export function presenceRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/presence' });
  router.get('/', async (ctx) => {
    const { ids } = parseQuery(ctx, presenceQuerySchema);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.presence.read(ids);
  });
  return router;
}
