import Router from '@koa/router';
import { disputeInputSchema, feedbackInputSchema, tradeQuerySchema } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody, parseQuery } from '../../middlewares/validate';
import { cancelTrade, confirmTrade, disputeTrade } from '../../services/trades/act-on-trade';
import { leaveFeedback } from '../../services/trades/leave-feedback';
import { getTrade, listTrades } from '../../services/trades/read-trades';
import { idParam } from '../listings/id-param';

const tradeId = (raw: string | undefined) => idParam(raw, () => notFound('trade'));

/** The trades after the accept: the caller's list, one trade, and what its parties do with it. */
export function tradesRoutes(deps: AppDeps): Router {
  return new Router()
    .get('/trades', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      const { trades, total } = await listTrades(deps, user.id, parseQuery(ctx, tradeQuerySchema));
      ctx.set('X-Total-Count', String(total));
      ctx.body = trades;
    })
    .get('/trades/:id', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      ctx.body = await getTrade(deps, user.id, tradeId(ctx.params.id));
    })
    .post('/trades/:id/confirm', async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      ctx.body = await confirmTrade(deps, user.id, tradeId(ctx.params.id));
    })
    .post('/trades/:id/cancel', async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      ctx.body = await cancelTrade(deps, user.id, tradeId(ctx.params.id));
    })
    .post('/trades/:id/dispute', async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      const id = tradeId(ctx.params.id);
      ctx.body = await disputeTrade(deps, user.id, id, parseBody(ctx, disputeInputSchema));
    })
    .post('/trades/:id/feedback', async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      const id = tradeId(ctx.params.id);
      ctx.body = await leaveFeedback(deps, user.id, id, parseBody(ctx, feedbackInputSchema));
    });
}
