import Router from '@koa/router';
import { suspendInputSchema } from '../../../src-common/schemas/suspension';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody } from '../../middlewares/validate';
import { assertAdmin } from '../../policies/admin';
import { suspendUser, unsuspendUser } from '../../services/moderation/suspensions';
import { idParam } from '../listings/id-param';

const userId = (raw: string | undefined) => idParam(raw, () => notFound('user'));

/** Suspending a player and lifting it (admins only, with a session: personal tokens get 403). */
export function suspensionsRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.post('/admin/users/:id/suspend', async (ctx) => {
    const { id } = requireAuth(ctx);
    await assertAdmin(id);
    const target = userId(ctx.params.id);
    ctx.body = await suspendUser(deps, id, target, parseBody(ctx, suspendInputSchema));
  });

  router.post('/admin/users/:id/unsuspend', async (ctx) => {
    const { id } = requireAuth(ctx);
    await assertAdmin(id);
    ctx.body = await unsuspendUser(deps, id, userId(ctx.params.id));
  });

  return router;
}
