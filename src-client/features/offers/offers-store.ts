import { create } from 'zustand';
import type { Offer } from '../../../src-common/schemas/offer';
import { api } from '../../lib/api-client';
import {
  emptyTable,
  removeEntity,
  removeWhere,
  syncEntities,
  upsertEntity,
  type EntityTable,
} from '../../lib/entity-table';

/** Offers by id, fed by GET /api/offers/listing/:id and the listing rooms' offer events. */
export interface OffersData {
  table: EntityTable<Offer>;
}

export const upsertOffer = (state: OffersData, offer: Offer): OffersData => {
  const table = upsertEntity(state.table, offer);
  return table === state.table ? state : { table };
};

export const removeOffer = (state: OffersData, id: number): OffersData => ({
  table: removeEntity(state.table, id),
});

/** The server deletes a listing's offers with it without an event per offer. */
export const removeOffersOfListing = (state: OffersData, listingId: number): OffersData => ({
  table: removeWhere(state.table, (o) => o.listing_id === listingId),
});

export const syncListingOffers = (
  state: OffersData,
  listingId: number,
  offers: readonly Offer[],
  startedAt: number,
) => ({
  table: syncEntities(state.table, offers, (o) => o.listing_id === listingId, startedAt),
});

export const useOffers = create<OffersData>(() => ({ table: emptyTable<Offer>() }));

export const offerActions = {
  upsert: (offer: Offer) => useOffers.setState((s) => upsertOffer(s, offer)),
  remove: (id: number) => useOffers.setState((s) => removeOffer(s, id)),
  removeForListing: (listingId: number) => useOffers.setState((s) => removeOffersOfListing(s, listingId)),
  async load(listingId: number): Promise<void> {
    const startedAt = useOffers.getState().table.clock;
    const offers = await api.get<Offer[]>(`/offers/listing/${listingId}`);
    useOffers.setState((s) => syncListingOffers(s, listingId, offers, startedAt));
  },
};

export const selectOffersById = (s: OffersData) => s.table.byId;

/** A listing's offers, newest first. */
export function offersOfListing(byId: Readonly<Record<number, Offer>>, listingId: number): Offer[] {
  return Object.values(byId)
    .filter((o) => o.listing_id === listingId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}
