import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import type { AuthState } from '../../middlewares/auth';
import { sendPrepared } from '../../middlewares/prepared-answer';
import { userProfile } from '../../services/listings/user-profile';
import { idParam } from '../listings/id-param';

export function profileRoutes(deps: AppDeps): Router {
  return new Router().get('/profile/:userId', async (ctx) => {
    const caller = (ctx.state as AuthState).auth;
    const answer = await userProfile(
      deps.profiles,
      idParam(ctx.params.userId, () => notFound('profile')),
      caller?.id ?? null,
    );
    // A profile is seldom sent twice before it changes: compressed cheaply, like other API answers.
    sendPrepared(ctx, answer, 'each');
  });
}
