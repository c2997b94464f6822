import Router from '@koa/router';
import { browseQuerySchema, listingInputSchema } from '../../../src-common/schemas/listing';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody, parseQuery } from '../../middlewares/validate';
import { browseListings } from '../../services/listings/browse-listings';
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

export function listingsRoutes(deps: AppDeps): Router {
  return (
    new Router()
      .get('/listings', async (ctx) => {
        const query = parseQuery(ctx, browseQuerySchema);
        sendBrowseAnswer(ctx, browseListings(deps.listings, query, ctx.querystring));
      })
      .get('/listings/:id', async (ctx) => {
        ctx.body = findListingDetail(deps.listings, listingId(ctx.params.id));
      })
      .post('/listings', async (ctx) => {
        const user = requireAuth(ctx);
        const input = parseBody(ctx, listingInputSchema);
        ctx.status = 201;
        ctx.body = await createListing(deps, user.id, input);
      })
      .put('/listings/:id', async (ctx) => {
        const user = requireAuth(ctx);
        const id = listingId(ctx.params.id);
        const input = parseBody(ctx, listingInputSchema);
        ctx.body = await updateListing(deps, user.id, id, input);
      })
      // Registered before /listings/:id so "mine" is never read as an id.
      .delete('/listings/mine', async (ctx) => {
        const user = requireAuth(ctx);
        ctx.body = { deleted: await deleteAllListingsOf(deps, user.id) };
      })
      .delete('/listings/:id', async (ctx) => {
        const user = requireAuth(ctx);
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
