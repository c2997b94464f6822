import Router from '@koa/router';
import { adminIdSchema, newAdminIdSchema } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { requireAuth } from '../../middlewares/auth';
import { parseBody } from '../../middlewares/validate';
import { assertAdmin, isAdmin } from '../../policies/admin';
import { addAdmin, listAdmins, removeAdmin } from '../../services/accounts/admins';

/** The admin check and admin management. Deleting any listing lives with the listings routes. */
export function adminRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.get('/is-admin', async (ctx) => {
    ctx.body = { isAdmin: await isAdmin(requireAuth(ctx, 'read').id) };
  });

  router.get('/admin/users', async (ctx) => {
    await assertAdmin(requireAuth(ctx).id);
    ctx.body = await listAdmins();
  });

  router.post('/admin/users/add', async (ctx) => {
    const { id } = requireAuth(ctx);
    await assertAdmin(id);
    ctx.body = await addAdmin(deps, parseBody(ctx, newAdminIdSchema).id, id);
  });

  router.post('/admin/users/remove', async (ctx) => {
    const { id } = requireAuth(ctx);
    await assertAdmin(id);
    ctx.body = await removeAdmin(deps, parseBody(ctx, adminIdSchema).id, id);
  });

  return router;
}
