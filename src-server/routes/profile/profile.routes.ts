import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import type { AuthState } from '../../middlewares/auth';
import { userProfile } from '../../services/listings/user-profile';
import { idParam } from '../listings/id-param';

export function profileRoutes(deps: AppDeps): Router {
  return new Router().get('/profile/:userId', async (ctx) => {
    const caller = (ctx.state as AuthState).auth;
    ctx.body = await userProfile(
      deps.listings,
      idParam(ctx.params.userId, () => notFound('profile')),
      caller?.id ?? null,
    );
  });
}
