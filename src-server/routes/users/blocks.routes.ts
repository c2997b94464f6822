import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { blockUser, listBlocks, unblockUser } from '../../services/blocks/blocks';
import { idParam } from '../listings/id-param';

const userId = (raw: string | undefined) => idParam(raw, () => notFound('user'));

/**
 * POST and DELETE /api/users/{id}/block, GET /api/blocks: the players the caller blocked. Blocking and
 * lifting are idempotent (200 with the block, 204), so a double click or a retry is harmless.
 */
export function blocksRoutes(deps: AppDeps): Router {
  return new Router()
    .get('/blocks', async (ctx) => {
      ctx.body = await listBlocks(deps, requireAuth(ctx, 'read').id);
    })
    .post('/users/:id/block', async (ctx) => {
      const { id } = requireAuth(ctx, 'trade');
      ctx.body = await blockUser(deps, id, userId(ctx.params.id));
    })
    .delete('/users/:id/block', async (ctx) => {
      const { id } = requireAuth(ctx, 'trade');
      await unblockUser(deps, id, userId(ctx.params.id));
      ctx.status = 204;
    });
}
