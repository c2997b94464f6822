import type { Offer, OfferStats } from '../../src-common/schemas/offer';

/** Newest first; the id breaks a tie between offers made in the same millisecond. */
const newestFirst = (a: Offer, b: Offer) =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

function addTo(map: Map<number, Set<number>>, key: number, id: number): void {
  let ids = map.get(key);
  if (!ids) map.set(key, (ids = new Set()));
  ids.add(id);
}

function deleteFrom(map: Map<number, Set<number>>, key: number, id: number): void {
  const ids = map.get(key);
  if (!ids) return;
  ids.delete(id);
  if (ids.size === 0) map.delete(key);
}

/**
 * Every offer in memory, presented, with its ids grouped by listing and by the user who made it, kept
 * current by the offer services' writes through the publisher (which relays them to the other server
 * processes) and reconciled with the database like the listing index. Updates follow the version rule,
 * and a deleted offer stays deleted, so a change relayed late is ignored.
 *
 * Why: on the embedded FerretDB a listing's offers and a user's offer stats are scans of the offers
 * collection (hundreds of milliseconds at 500,000 offers); here they are a few map look-ups.
 */
export class OfferIndex {
  private readonly byId = new Map<number, Offer>();
  private readonly deleted = new Set<number>();
  private readonly onListing = new Map<number, Set<number>>();
  private readonly madeBy = new Map<number, Set<number>>();
  /** One copy of each name and avatar (a database read decodes a new string for every offer). */
  private readonly shared = new Map<string, string>();

  get size(): number {
    return this.byId.size;
  }

  /** Every offer held (for the snapshot written at a clean stop, and reconciling). */
  all(): Offer[] {
    return [...this.byId.values()];
  }

  get(id: number): Offer | undefined {
    return this.byId.get(id);
  }

  /** Applies a created or changed offer unless it is not newer than the one held, or was deleted. */
  upsert(change: Offer): boolean {
    if (this.deleted.has(change.id)) return false;
    const held = this.byId.get(change.id);
    if (held && held.version >= change.version) return false;
    const offer = { ...change, username: this.share(change.username) };
    if (offer.user_avatar !== null) offer.user_avatar = this.share(offer.user_avatar);
    this.byId.set(offer.id, offer);
    addTo(this.onListing, offer.listing_id, offer.id);
    addTo(this.madeBy, offer.user_id, offer.id);
    return true;
  }

  remove(id: number): boolean {
    this.deleted.add(id);
    const held = this.byId.get(id);
    if (!held) return false;
    this.byId.delete(id);
    deleteFrom(this.onListing, held.listing_id, id);
    deleteFrom(this.madeBy, held.user_id, id);
    return true;
  }

  /** A deleted listing takes its offers with it (delete-listing.ts deletes them in the same unit). */
  removeListing(listingId: number): void {
    for (const id of [...(this.onListing.get(listingId) ?? [])]) this.remove(id);
  }

  /** Fills an empty index in bulk (start-up). */
  load(offers: Iterable<Offer>): void {
    for (const offer of offers) this.upsert(offer);
  }

  /** A listing's offers, newest first. */
  forListing(listingId: number): Offer[] {
    const ids = this.onListing.get(listingId);
    if (!ids) return [];
    return [...ids].map((id) => this.byId.get(id)!).sort(newestFirst);
  }

  /**
   * Trading Stats: offers the user made, offers made on the user's listings (`ownListings`, every one
   * they hold, active and closed), and of all those the accepted and the pending ones.
   */
  stats(userId: number, ownListings: Iterable<number>): OfferStats {
    const stats: OfferStats = { made: 0, received: 0, accepted: 0, pending: 0 };
    const count = (offer: Offer) => {
      if (offer.status === 'accepted') stats.accepted += 1;
      else if (offer.status === 'pending') stats.pending += 1;
    };
    const own = new Set(ownListings);
    for (const listingId of own) {
      for (const id of this.onListing.get(listingId) ?? []) {
        stats.received += 1;
        count(this.byId.get(id)!);
      }
    }
    for (const id of this.madeBy.get(userId) ?? []) {
      stats.made += 1;
      const offer = this.byId.get(id)!;
      // Counted above already (a seller cannot offer on their own listing, but the count stays exact).
      if (!own.has(offer.listing_id)) count(offer);
    }
    return stats;
  }

  private share(value: string): string {
    const held = this.shared.get(value);
    if (held !== undefined) return held;
    this.shared.set(value, value);
    return value;
  }
}
