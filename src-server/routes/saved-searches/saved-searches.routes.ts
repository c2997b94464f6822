import Router from '@koa/router';
import {
  savedSearchInputSchema,
  savedSearchWebhookInputSchema,
} from '../../../src-common/schemas/saved-search';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody } from '../../middlewares/validate';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
} from '../../services/saved-searches/saved-searches';
import { setSavedSearchWebhook, testSavedSearchWebhook } from '../../services/webhooks/saved-search-webhooks';
import { idParam } from '../listings/id-param';

const searchId = (raw: string) => idParam(raw, () => notFound('saved search'));

/**
 * /api/saved-searches: the caller's saved searches, which alert them of new matching listings and can post
 * them to a Discord webhook.
 */
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
      await deleteSavedSearch(deps, id, searchId(ctx.params.id));
      ctx.status = 204;
    })
    .put('/:id/webhook', async (ctx) => {
      const { id } = requireAuth(ctx, 'read');
      const { webhookUrl } = parseBody(ctx, savedSearchWebhookInputSchema);
      ctx.body = await setSavedSearchWebhook(deps, id, searchId(ctx.params.id), webhookUrl);
    })
    .post('/:id/webhook/test', async (ctx) => {
      const { id } = requireAuth(ctx, 'read');
      await testSavedSearchWebhook(deps, id, searchId(ctx.params.id));
      ctx.body = { ok: true };
    });
}
