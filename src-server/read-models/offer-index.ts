import type { Offer, OfferStats } from '../../src-common/schemas/offer';
import type { IndexObserver } from './index-observer';

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

/** How many offers, and of them how many accepted and pending: kept per listing and per buyer. */
interface Tally {
  all: number;
  accepted: number;
  pending: number;
}

function count(map: Map<number, Tally>, key: number, offer: Offer, sign: 1 | -1): void {
  let tally = map.get(key);
  if (!tally) map.set(key, (tally = { all: 0, accepted: 0, pending: 0 }));
  tally.all += sign;
  if (offer.status === 'accepted') tally.accepted += sign;
  else if (offer.status === 'pending') tally.pending += sign;
  if (tally.all === 0) map.delete(key);
}

/**
 * Every offer in memory, presented, with its ids grouped by listing and by maker and counts kept per
 * listing and per buyer, kept
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
  private readonly byMaker = new Map<number, Set<number>>();
  private readonly listingTally = new Map<number, Tally>();
  private readonly buyerTally = new Map<number, Tally>();
  /** One copy of each name and avatar (a database read decodes a new string for every offer). */
  private readonly shared = new Map<string, string>();
  private readonly observers: IndexObserver<Offer>[] = [];

  get size(): number {
    return this.byId.size;
  }

  /** Every offer held (for reconciling). */
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
    if (held) this.count(held, -1);
    this.byId.set(offer.id, offer);
    addTo(this.onListing, offer.listing_id, offer.id);
    addTo(this.byMaker, offer.user_id, offer.id);
    this.count(offer, 1);
    for (const observer of this.observers) observer.changed(held, offer);
    return true;
  }

  remove(id: number): boolean {
    this.deleted.add(id);
    const held = this.byId.get(id);
    if (!held) return false;
    this.byId.delete(id);
    deleteFrom(this.onListing, held.listing_id, id);
    deleteFrom(this.byMaker, held.user_id, id);
    this.count(held, -1);
    for (const observer of this.observers) observer.changed(held, undefined);
    return true;
  }

  private count(offer: Offer, sign: 1 | -1): void {
    count(this.listingTally, offer.listing_id, offer, sign);
    count(this.buyerTally, offer.user_id, offer, sign);
  }

  /** A deleted listing takes its offers with it (delete-listing.ts deletes them in the same unit). */
  removeListing(listingId: number): void {
    for (const id of [...(this.onListing.get(listingId) ?? [])]) this.remove(id);
  }

  /** Fills an empty index in bulk (start-up). */
  load(offers: Iterable<Offer>): void {
    for (const offer of offers) this.upsert(offer);
  }

  observe(observer: IndexObserver<Offer>): void {
    this.observers.push(observer);
    observer.reset(this.byId.values());
  }

  /** A listing's offers, newest first. */
  forListing(listingId: number): Offer[] {
    const ids = this.onListing.get(listingId);
    if (!ids) return [];
    return [...ids].map((id) => this.byId.get(id)!).sort(newestFirst);
  }

  /** The offers a user made that still exist (a cancelled offer is deleted), in no order. */
  madeBy(userId: number): Offer[] {
    return [...(this.byMaker.get(userId) ?? [])].map((id) => this.byId.get(id)!);
  }

  /**
   * Trading Stats: offers the user made, offers made on the user's listings (`ownListings`, every one
   * they hold, active and closed), and of all those the accepted and the pending ones: a sum of the
   * counts kept per listing and per buyer. The two sets never share an offer, since nobody may make an
   * offer on their own listing (policies/listing.ts).
   */
  stats(userId: number, ownListings: Iterable<number>): OfferStats {
    const made = this.buyerTally.get(userId);
    const stats: OfferStats = {
      made: made?.all ?? 0,
      received: 0,
      accepted: made?.accepted ?? 0,
      pending: made?.pending ?? 0,
    };
    for (const listingId of ownListings) {
      const received = this.listingTally.get(listingId);
      if (!received) continue;
      stats.received += received.all;
      stats.accepted += received.accepted;
      stats.pending += received.pending;
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
