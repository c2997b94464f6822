import { inject } from 'vitest';
import type { Listing, ListingInputBody } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import type { TestUser } from './factories';

/*
 * What another player does through the REST API while a browser test watches: post, edit and delete
 * listings, make offers. Users come from tests/helpers/e2e-session.ts.
 */

async function apiAs<T>(user: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(`/api${path}`, inject('baseUrl')), {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The fields a test cares about; the schema's defaults fill the rest. */
export type ListingBody = Pick<ListingInputBody, 'item' | 'type'> & Partial<ListingInputBody>;

export const postListingAs = (user: TestUser, body: ListingBody) =>
  apiAs<Listing>(user, 'POST', '/listings', body);

export const updateListingAs = (user: TestUser, id: number, body: ListingBody) =>
  apiAs<Listing>(user, 'PUT', `/listings/${id}`, body);

export const deleteListingAs = (user: TestUser, id: number) =>
  apiAs<unknown>(user, 'DELETE', `/listings/${id}`);

/** An offer for `quantity` items (all that remain when left out), `amount` copper for them. */
export const offerAs = (user: TestUser, listingId: number, amount: number, message = '', quantity?: number) =>
  apiAs<Offer>(user, 'POST', '/offers', { listing_id: listingId, offer_amount: amount, message, quantity });

export const acceptOfferAs = (user: TestUser, offerId: number) =>
  apiAs<Offer>(user, 'PUT', `/offers/${offerId}`, { action: 'accept' });

/** The offer's maker withdraws it. */
export const cancelOfferAs = (user: TestUser, offerId: number) =>
  apiAs<unknown>(user, 'DELETE', `/offers/${offerId}`);

export const reportAs = (
  user: TestUser,
  target: { type: string; id: number },
  reason: string,
  details = '',
) => apiAs<unknown>(user, 'POST', '/reports', { target, reason, details });

/** An admin suspends a player, for `days` or (null) for good. */
export const suspendAs = (admin: TestUser, userId: number, reason: string, days: number | null) =>
  apiAs<unknown>(admin, 'POST', `/admin/users/${userId}/suspend`, { reason, days });

/** A unique word for notes and searches, so tests sharing the app's database never see each other's listings. */
export function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
