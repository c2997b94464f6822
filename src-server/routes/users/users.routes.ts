import Router from '@koa/router';
import { resolveUsernameSchema } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { parseParams } from '../../middlewares/validate';
import { findUserIdByName } from '../../services/accounts/usernames';

/**
 * GET /api/user/resolve/:username: a seller's name to the account id behind it, case-insensitive and
 * in any spelling with the same NFKC form ("Ａlice" finds alice).
 */
export function usersRoutes(_deps: AppDeps): Router {
  const router = new Router({ prefix: '/user' });
  router.get('/resolve/:username', async (ctx) => {
    const { username } = parseParams(ctx, resolveUsernameSchema);
    const userId = await findUserIdByName(username);
    if (userId === null) throw notFound('user');
    ctx.body = { userId };
  });
  return router;
}
