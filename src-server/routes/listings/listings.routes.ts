import Router from '@koa/router';
import { browseQuerySchema, listingInputSchema } from '../../../src-common/schemas/listing';
import { itemGroupsQuerySchema } from '../../../src-common/schemas/listing-groups';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth, type AuthState } from '../../middlewares/auth';
import { byAccount, type RateRule } from '../../middlewares/rate-limit';
import { conditionalGet } from '../../middlewares/conditional-get';
import { parseBody, parseQuery } from '../../middlewares/validate';
import { browseItemGroups } from '../../services/listings/browse-item-groups';
import { browseListings } from '../../services/listings/browse-listings';
import { closeListing } from '../../services/listings/close-listing';
import { createListing } from '../../services/listings/create-listing';
import {
  deleteAllListingsOf,
  deleteListing,
  deleteListingAsAdmin,
} from '../../services/listings/delete-listing';
import { findListingDetail } from '../../services/listings/find-listing';
import { updateListing } from '../../services/listings/update-listing';
import { sendBrowseAnswer } from '../../middlewares/browse-fast-path';
import { idParam } from './id-param';

const listingId = (raw: string | undefined) => idParam(raw, () => notFound('listing'));
// Only writes that happen count: a refused edit changes nothing and reaches no one.
const writeLimits: RateRule[] = [
  { limit: 'listing-write', key: byAccount, counts: 'succeeded' },
  { limit: 'listing-write-hour', key: byAccount, counts: 'succeeded' },
];

export function listingsRoutes(deps: AppDeps): Router {
  const limitWrites = deps.rateLimits.guard('listing changes', writeLimits);
  return (
    new Router()
      .get('/listings', async (ctx) => {
        const query = parseQuery(ctx, browseQuerySchema);
        const viewerId = (ctx.state as AuthState).auth?.id ?? null;
        sendBrowseAnswer(ctx, browseListings(deps, query, ctx.querystring, viewerId));
      })
      // Registered before /listings/:id so "by-item" is never read as an id.
      .get('/listings/by-item', async (ctx) => {
        const query = parseQuery(ctx, itemGroupsQuerySchema);
        const viewerId = (ctx.state as AuthState).auth?.id ?? null;
        const { groups, total } = browseItemGroups(deps, query, viewerId);
        ctx.set('X-Total-Count', String(total));
        ctx.body = groups;
      })
      .get('/listings/:id', conditionalGet(), async (ctx) => {
        ctx.body = findListingDetail(deps.listings, listingId(ctx.params.id));
      })
      .post('/listings', limitWrites, async (ctx) => {
        const user = requireAuth(ctx, 'trade');
        const input = parseBody(ctx, listingInputSchema);
        ctx.status = 201;
        ctx.body = await createListing(deps, user.id, input);
      })
      .put('/listings/:id', limitWrites, async (ctx) => {
        const user = requireAuth(ctx, 'trade');
        const id = listingId(ctx.params.id);
        const input = parseBody(ctx, listingInputSchema);
        ctx.body = await updateListing(deps, user.id, id, input);
      })
      .post('/listings/:id/close', async (ctx) => {
        const user = requireAuth(ctx, 'trade');
        ctx.body = await closeListing(deps, user.id, listingId(ctx.params.id));
      })
      // Registered before /listings/:id so "mine" is never read as an id.
      .delete('/listings/mine', async (ctx) => {
        const user = requireAuth(ctx, 'trade');
        ctx.body = { deleted: await deleteAllListingsOf(deps, user.id) };
      })
      .delete('/listings/:id', async (ctx) => {
        const user = requireAuth(ctx, 'trade');
        await deleteListing(deps, user.id, listingId(ctx.params.id));
        ctx.status = 204;
      })
      .delete('/admin/listings/:id', async (ctx) => {
        const user = requireAuth(ctx);
        await deleteListingAsAdmin(deps, user.id, listingId(ctx.params.id));
        ctx.status = 204;
      })
  );
}
