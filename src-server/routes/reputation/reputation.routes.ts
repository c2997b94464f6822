import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import type { AuthState } from '../../middlewares/auth';
import { readReputation } from '../../services/reputation/read-reputation';
import { idParam } from '../listings/id-param';

/** GET /api/users/:id/reputation: a trader's trades, answer rate and usual response time. */
export function reputationRoutes(_deps: AppDeps): Router {
  return new Router().get('/users/:id/reputation', async (ctx) => {
    const caller = (ctx.state as AuthState).auth;
    ctx.body = await readReputation(
      idParam(ctx.params.id, () => notFound('user')),
      caller?.id ?? null,
    );
  });
}
