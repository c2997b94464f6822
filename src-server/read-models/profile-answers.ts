import { LRUCache } from 'lru-cache';
import type { Listing } from '../../src-common/schemas/listing';
import { presentProfile, profileStats } from '../presenters/profile';
import type { ListingIndex, ListingObserver } from './listing-index';
import type { PublicAccount, PublicAccounts } from './public-accounts';

/** A serialised profile answer, reused (with its ETag and compressed copies) until it goes stale. */
export interface ProfileAnswer {
  body: Buffer;
}

interface Entry {
  /** The account it was rendered from: another object means the account was read again, so re-render. */
  account: PublicAccount;
  answer: ProfileAnswer;
}

/** The body and room for its compressed copies (brotli and gzip at level 1 each keep 10-15 % of a profile). */
const entryBytes = (entry: Entry) => Math.ceil(1.3 * entry.answer.body.length) + 200;

/** About 330 profiles of 200 listings (150 KB each), or thousands of ordinary ones. */
export const PROFILE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Rendered profiles (`GET /api/profile/{id}`), bounded by bytes (64 MB), least recently used first out. A seller
 * with 200 listings has a 160 KB profile: rendering and serialising it took a millisecond, and the
 * account's database read several more, on every visit to My Listings. An answer is kept until one of
 * the user's listings changes (this is a listing index observer, fed here and by the other processes'
 * relays) or the account's public fields are read again (public-accounts.ts forgets them on each write).
 */
export class ProfileAnswers implements ListingObserver {
  private readonly answers: LRUCache<string, Entry>;

  constructor(
    private readonly listings: ListingIndex,
    private readonly accounts: PublicAccounts,
    maxBytes = PROFILE_CACHE_BYTES,
  ) {
    this.answers = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: entryBytes });
  }

  /**
   * The profile as `callerId` sees it (stats hidden from others when the user keeps them private), or
   * null when there is no such account.
   */
  async answer(userId: number, callerId: number | null): Promise<ProfileAnswer | null> {
    const account = await this.accounts.get(userId);
    if (!account) return null;
    const withStats = account.statsPublic || callerId === userId;
    const key = keyOf(userId, withStats);
    const held = this.answers.get(key);
    if (held?.account === account) return held.answer;
    // Rendered from the listing index as it is now, in the same turn as it is stored: no change between.
    // A suspended seller's active listings are hidden (sellerSuspended) until the suspension ends.
    const listings = this.listings.byUser(userId).filter((listing) => !listing.sellerSuspended);
    const body = presentProfile(account, listings, withStats ? profileStats(account, listings) : null);
    const answer = { body: Buffer.from(JSON.stringify(body)) };
    this.answers.set(key, { account, answer });
    return answer;
  }

  changed(before: Listing | undefined, after: Listing | undefined): void {
    for (const listing of [before, after]) if (listing) this.forgetUser(listing.userId);
  }

  reset(): void {
    this.answers.clear();
  }

  private forgetUser(userId: number): void {
    this.answers.delete(keyOf(userId, true));
    this.answers.delete(keyOf(userId, false));
  }
}

const keyOf = (userId: number, withStats: boolean) => `${userId}:${withStats ? 'stats' : 'no-stats'}`;
