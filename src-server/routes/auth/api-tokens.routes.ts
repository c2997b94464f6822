import Router from '@koa/router';
import { apiTokenInputSchema } from '../../../src-common/schemas/api-token';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody } from '../../middlewares/validate';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/accounts/api-tokens';
import { idParam } from '../listings/id-param';

/** /api/auth/tokens: a user's personal access tokens. Session only: a token cannot mint or revoke tokens. */
export function apiTokensRoutes(deps: AppDeps): Router {
  return new Router({ prefix: '/tokens' })
    .get('/', async (ctx) => {
      ctx.body = { tokens: await listApiTokens(requireAuth(ctx).id) };
    })
    .post('/', async (ctx) => {
      const { id } = requireAuth(ctx);
      ctx.status = 201;
      ctx.body = await createApiToken(id, parseBody(ctx, apiTokenInputSchema));
    })
    .delete('/:id', async (ctx) => {
      const { id } = requireAuth(ctx);
      await revokeApiToken(
        deps,
        id,
        idParam(ctx.params.id, () => notFound('API token')),
      );
      ctx.status = 204;
    });
}
