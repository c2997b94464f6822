import Router from '@koa/router';
import { reputationSummaryQuerySchema } from '../../../src-common/schemas/reputation';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import type { AuthState } from '../../middlewares/auth';
import { parseQuery } from '../../middlewares/validate';
import { readReputation, readReputationSummary } from '../../services/reputation/read-reputation';
import { idParam } from '../listings/id-param';

/**
 * GET /api/users/:id/reputation: a trader's trades, feedback, answer rate and usual response time;
 * GET /api/reputation/summary: completed trades and positive share of many traders, for cards.
 */
export function reputationRoutes(deps: AppDeps): Router {
  return new Router()
    .get('/users/:id/reputation', async (ctx) => {
      const caller = (ctx.state as AuthState).auth;
      ctx.body = await readReputation(
        deps,
        idParam(ctx.params.id, () => notFound('user')),
        caller?.id ?? null,
      );
    })
    .get('/reputation/summary', async (ctx) => {
      const caller = (ctx.state as AuthState).auth;
      const { ids } = parseQuery(ctx, reputationSummaryQuerySchema);
      ctx.body = await readReputationSummary(ids, caller?.id ?? null);
    });
}
