import Router from '@koa/router';
import { myOffersQuerySchema } from '../../../src-common/schemas/my-offers';
import { offerActionSchema, offerInputSchema } from '../../../src-common/schemas/offer';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { byAccount } from '../../middlewares/rate-limit';
import { conditionalGet } from '../../middlewares/conditional-get';
import { parseBody, parseQuery } from '../../middlewares/validate';
import { listMyOffers } from '../../services/offers/my-offers';
import { cancelOffer } from '../../services/offers/cancel-offer';
import { decideOffer } from '../../services/offers/decide-offer';
import { makeOffer } from '../../services/offers/make-offer';
import { listOffersForListing, offerStats } from '../../services/offers/read-offers';
import { idParam } from '../listings/id-param';

const offerId = (raw: string | undefined) => idParam(raw, () => notFound('offer'));

export function offersRoutes(deps: AppDeps): Router {
  const limitOffers = deps.rateLimits.guard('offers', [
    { limit: 'offer-create', key: byAccount, counts: 'succeeded' },
    { limit: 'offer-create-hour', key: byAccount, counts: 'succeeded' },
  ]);
  return new Router()
    .get('/offers/listing/:id', conditionalGet(), async (ctx) => {
      ctx.body = listOffersForListing(
        deps,
        idParam(ctx.params.id, () => notFound('listing')),
      );
    })
    .get('/offers/mine', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      const { offers, total } = await listMyOffers(deps, user.id, parseQuery(ctx, myOffersQuerySchema));
      ctx.set('X-Total-Count', String(total));
      ctx.body = offers;
    })
    .get('/offers/stats', async (ctx) => {
      const user = requireAuth(ctx, 'read');
      ctx.body = offerStats(deps, user.id);
    })
    .post('/offers', limitOffers, async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      const input = parseBody(ctx, offerInputSchema);
      ctx.status = 201;
      ctx.body = await makeOffer(deps, user.id, input);
    })
    .put('/offers/:offerId', async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      const id = offerId(ctx.params.offerId);
      const { action } = parseBody(ctx, offerActionSchema);
      ctx.body = await decideOffer(deps, user.id, id, action);
    })
    .delete('/offers/:offerId', async (ctx) => {
      const user = requireAuth(ctx, 'trade');
      await cancelOffer(deps, user.id, offerId(ctx.params.offerId));
      ctx.status = 204;
    });
}
