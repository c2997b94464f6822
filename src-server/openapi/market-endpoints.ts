import { z } from 'zod';
import { resolveUsernameSchema } from '../../src-common/schemas/auth';
import { clientConfigSchema } from '../../src-common/schemas/client-config';
import { healthSchema } from '../../src-common/schemas/health';
import { catalogueItemSchema, itemOptionSchema } from '../../src-common/schemas/item';
import {
  browseQuerySchema,
  listingDetailSchema,
  listingInputSchema,
  listingSchema,
} from '../../src-common/schemas/listing';
import {
  offerActionSchema,
  offerInputSchema,
  offerSchema,
  offerStatsSchema,
} from '../../src-common/schemas/offer';
import {
  historyQuerySchema,
  marketBookSchema,
  marketHistorySchema,
  marketOverviewSchema,
} from '../../src-common/schemas/market';
import { presenceQuerySchema, presenceSchema } from '../../src-common/schemas/presence';
import { profileResponseSchema } from '../../src-common/schemas/profile';
import { idParam, offerIdParam, userIdParam, noContent, json, type Endpoint } from './endpoint';
import { LISTING_BODY_RULES } from './item-names';
import { MY_OFFER_ENDPOINTS } from './my-offer-endpoints';
import { documentedAs, documentedRules } from '../../src-common/schemas/documented-as';

/** The reference page's one parameter: which tag's operations it shows. */
const docsQuerySchema = z.object({
  tag: z
    .string()
    .optional()
    .meta({
      description:
        'A tag of this document in lower case, its words joined by `-` (`listings`, `offers`). Without it, or ' +
        'with a tag the document does not have, the overview: authentication, headers, errors, schemas and ' +
        'an index of the operations.',
    }),
});

/** The listing body as documented: each field's rule, and the rules between fields (item-names.ts). */
const listingBody = listingInputSchema.meta(documentedRules(...LISTING_BODY_RULES));

const listingDetail = listingDetailSchema.meta(
  documentedAs({
    allOf: [{ $ref: '#/components/schemas/Listing' }, { required: ['platinum', 'gold', 'silver', 'copper'] }],
  }),
);

export const itemNameParam = z.object({
  name: z.string().min(1).meta({ description: "A catalogue item's name, URL-encoded." }),
});

/** The market's routes: health and meta, items, listings, offers, profiles, market data. */
export const MARKET_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Is the server and its database up',
    tag: 'Meta',
    access: 'public',
    ok: {
      ...json('Up.', healthSchema),
      503: { description: 'The database is unreachable.', schema: healthSchema },
    },
  },
  {
    method: 'get',
    path: '/api/client-config',
    summary: 'Public settings for the browser',
    tag: 'Meta',
    access: 'public',
    ok: json('The settings.', clientConfigSchema),
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'Meta',
    access: 'public',
    ok: { 200: { description: 'The OpenAPI 3.1 document.', schema: null } },
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'The API reference for a person to read (HTML)',
    tag: 'Meta',
    access: 'public',
    query: docsQuerySchema,
    ok: {
      200: {
        description:
          'An HTML page rendered from this document: the overview, or the operations of the tag asked for.',
        schema: null,
      },
    },
  },
  {
    method: 'get',
    path: '/api/items',
    conditional: true,
    summary: 'The item catalogue',
    tag: 'Items',
    access: 'public',
    ok: json('Every catalogue item.', z.array(catalogueItemSchema)),
  },
  {
    method: 'get',
    path: '/api/items/meta/names',
    conditional: true,
    summary: 'Item names for a picker',
    tag: 'Items',
    access: 'public',
    ok: json('One option per item.', z.array(itemOptionSchema)),
  },
  {
    method: 'get',
    path: '/api/listings',
    conditional: true,
    summary: 'Browse active listings',
    tag: 'Listings',
    access: 'public',
    query: browseQuerySchema,
    ok: json(
      'A page of listings; `X-Total-Count` holds how many match when `limit` or `offset` is given.',
      z.array(listingSchema),
      ['X-Total-Count'],
    ),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/listings/{id}',
    conditional: true,
    summary: 'One listing, active or closed',
    tag: 'Listings',
    access: 'public',
    params: idParam,
    ok: json('The listing, with its unit price also written in coins.', listingDetail),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/listings',
    summary: 'Post a listing',
    tag: 'Listings',
    access: 'trade',
    body: listingBody,
    ok: { 201: { description: 'The new listing.', schema: listingSchema } },
    errors: [400],
    limits: ['listing-write', 'listing-write-hour'],
  },
  {
    method: 'put',
    path: '/api/listings/{id}',
    summary: 'Edit an own listing',
    tag: 'Listings',
    access: 'trade',
    params: idParam,
    body: listingBody,
    ok: json('The listing as edited.', listingSchema),
    errors: [400, 404, 409],
    limits: ['listing-write', 'listing-write-hour'],
  },
  {
    method: 'post',
    path: '/api/listings/{id}/close',
    summary: 'Close an own listing',
    tag: 'Listings',
    access: 'trade',
    params: idParam,
    ok: json('The closed listing.', listingSchema),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/listings/mine',
    summary: 'Delete every own listing',
    tag: 'Listings',
    access: 'trade',
    ok: json('How many were deleted.', z.object({ deleted: z.number().int() })),
  },
  {
    method: 'delete',
    path: '/api/listings/{id}',
    summary: 'Delete an own listing',
    tag: 'Listings',
    access: 'trade',
    params: idParam,
    ok: noContent,
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/offers/listing/{id}',
    conditional: true,
    summary: "A listing's offers",
    tag: 'Offers',
    access: 'public',
    params: idParam,
    ok: json('Its offers, newest first.', z.array(offerSchema)),
    errors: [404],
  },
  ...MY_OFFER_ENDPOINTS,
  {
    method: 'get',
    path: '/api/offers/stats',
    summary: "The caller's offer counts",
    tag: 'Offers',
    access: 'read',
    ok: json('The counts.', offerStatsSchema),
  },
  {
    method: 'post',
    path: '/api/offers',
    summary: 'Make an offer',
    tag: 'Offers',
    access: 'trade',
    body: offerInputSchema,
    ok: { 201: { description: 'The new offer.', schema: offerSchema } },
    errors: [400, 404, 409],
    limits: ['offer-create', 'offer-create-hour'],
  },
  {
    method: 'put',
    path: '/api/offers/{offerId}',
    summary: 'Accept or reject an offer on an own listing',
    tag: 'Offers',
    access: 'trade',
    params: offerIdParam,
    body: offerActionSchema,
    ok: json('The decided offer.', offerSchema),
    errors: [400, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/offers/{offerId}',
    summary: 'Cancel an own pending offer',
    tag: 'Offers',
    access: 'trade',
    params: offerIdParam,
    ok: noContent,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/profile/{userId}',
    summary: "A player's profile and listings",
    tag: 'Users',
    access: 'optional',
    params: userIdParam,
    ok: json('The profile.', profileResponseSchema),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/user/resolve/{username}',
    summary: 'A player name to its account id',
    tag: 'Users',
    access: 'public',
    params: resolveUsernameSchema,
    ok: json('The id.', z.object({ userId: z.number().int() })),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/market/items/{name}',
    summary: "An item's order book, last trade and 24-hour figures",
    tag: 'Market',
    access: 'public',
    params: itemNameParam,
    ok: json(
      'The book; `book` in market:watch acks and market:book events has the same shape.',
      marketBookSchema,
    ),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/market/items/{name}/history',
    summary: "An item's trades by hour (48h) or by day (90d)",
    tag: 'Market',
    access: 'public',
    params: itemNameParam,
    query: historyQuerySchema,
    ok: json('Buckets with trades, oldest first.', marketHistorySchema),
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/market/overview',
    summary: 'Most traded, biggest movers and newest listed items',
    tag: 'Market',
    access: 'public',
    ok: json('Up to 10 items in each list.', marketOverviewSchema),
  },
  {
    method: 'get',
    path: '/api/presence',
    summary: 'Who of these players is online (at most 200 ids)',
    tag: 'Users',
    access: 'public',
    query: presenceQuerySchema,
    ok: json(
      'Presence by user id: `lastSeen` is when their last connection closed (ISO 8601), null while online, for an unknown id, or when the player hides it.',
      z.record(z.string(), presenceSchema),
    ),
    errors: [400],
  },
];
