import Router from '@koa/router';
import { reportInputSchema } from '../../../src-common/schemas/report';
import type { AppDeps } from '../../deps';
import { requireAuth } from '../../middlewares/auth';
import { byAccount, type RateRule } from '../../middlewares/rate-limit';
import { parseBody } from '../../middlewares/validate';
import { fileReport } from '../../services/moderation/reports';

// Only reports that are filed count: a duplicate or a report on nothing reaches no admin.
const reportLimits: RateRule[] = [{ limit: 'report-create', key: byAccount, counts: 'succeeded' }];

/** Players report listings, players, and the offers and trades they are part of. */
export function reportsRoutes(deps: AppDeps): Router {
  return new Router().post('/reports', deps.rateLimits.guard('reports', reportLimits), async (ctx) => {
    // A session only: reporting is a person's call, not a bot's.
    const user = requireAuth(ctx);
    const input = parseBody(ctx, reportInputSchema);
    ctx.status = 201;
    ctx.body = await fileReport(deps, user.id, input);
  });
}
