import Router from '@koa/router';
import { markThreadReadSchema, offerMessageInputSchema } from '../../../src-common/schemas/offer-message';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { byAccount } from '../../middlewares/rate-limit';
import { parseBody } from '../../middlewares/validate';
import { postOfferMessage, readOfferThread } from '../../services/offers/offer-messages';
import { markThreadRead, unreadThreads } from '../../services/offers/thread-reads';
import { idParam } from '../listings/id-param';

const offerId = (raw: string | undefined) => idParam(raw, () => notFound('offer'));

/** The conversation on each offer between its maker and the listing's owner (admins read it too). */
export function offerMessagesRoutes(deps: AppDeps): Router {
  const limitMessages = deps.rateLimits.guard('messages', [
    { limit: 'offer-message', key: byAccount, counts: 'succeeded' },
    { limit: 'offer-message-hour', key: byAccount, counts: 'succeeded' },
  ]);
  return new Router()
    .get('/offers/threads/unread', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await unreadThreads(user.id);
    })
    .get('/offers/:id/messages', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await readOfferThread(deps, user.id, offerId(ctx.params.id));
    })
    .post('/offers/:id/messages', limitMessages, async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      const id = offerId(ctx.params.id);
      const input = parseBody(ctx, offerMessageInputSchema);
      ctx.status = 201;
      ctx.body = await postOfferMessage(deps, user.id, id, input);
    })
    .post('/offers/:id/messages/read', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      const id = offerId(ctx.params.id);
      const { upTo } = parseBody(ctx, markThreadReadSchema);
      ctx.body = await markThreadRead(user.id, id, upTo);
    });
}
