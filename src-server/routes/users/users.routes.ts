import Router from '@koa/router';
import { resolveUsernameSchema } from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { parseParams } from '../../middlewares/validate';
import { UserModel } from '../../models/user';

/** GET /api/user/resolve/:username: a seller's name to the account id behind it (case-insensitive). */
export function usersRoutes(_deps: AppDeps): Router {
  const router = new Router({ prefix: '/user' });
  router.get('/resolve/:username', async (ctx) => {
    const { username } = parseParams(ctx, resolveUsernameSchema);
    const user = await UserModel.findOne({ usernameLower: username.toLowerCase() }, { _id: 1 }).lean();
    if (!user) throw notFound('user');
    ctx.body = { userId: user._id };
  });
  return router;
}
