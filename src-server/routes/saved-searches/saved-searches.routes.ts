import Router from '@koa/router';
import { savedSearchInputSchema } from '../../../src-common/schemas/saved-search';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody } from '../../middlewares/validate';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
} from '../../services/saved-searches/saved-searches';
import { idParam } from '../listings/id-param';

/** /api/saved-searches: the caller's saved searches, which alert them of new matching listings. */
export function savedSearchesRoutes(deps: AppDeps): Router {
  return new Router({ prefix: '/saved-searches' })
    .get('/', async (ctx) => {
      ctx.body = { searches: await listSavedSearches(requireAuth(ctx, 'read').id) };
    })
    .post('/', async (ctx) => {
      const { id } = requireAuth(ctx, 'read');
      ctx.status = 201;
      ctx.body = await createSavedSearch(deps, id, parseBody(ctx, savedSearchInputSchema));
    })
    .delete('/:id', async (ctx) => {
      const { id } = requireAuth(ctx, 'read');
      await deleteSavedSearch(
        deps,
        id,
        idParam(ctx.params.id, () => notFound('saved search')),
      );
      ctx.status = 204;
    });
}
