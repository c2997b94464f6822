import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import type { PresenceChange } from '../../src-common/schemas/presence';
import type { BlockChange } from '../read-models/block-index';
import type { ListingIndex } from '../read-models/listing-index';
import type { MarketData } from '../read-models/market';
import type { TradeFact } from '../read-models/market-history';
import type { OfferIndex } from '../read-models/offer-index';
import type { PublicAccounts } from '../read-models/public-accounts';
import type { IndexedSearch, SavedSearchIndex } from '../read-models/saved-search-index';
import type { SessionGenerations } from '../services/accounts/session-generations';
import type { RealtimeServer } from './realtime-server';

/** The read models a change reaches: this process's, and (through the relay) every other process's. */
export interface LiveReadModels {
  listings: ListingIndex;
  offers: OfferIndex;
  sessions: SessionGenerations;
  market: MarketData;
  savedSearches: SavedSearchIndex;
  accounts: PublicAccounts;
}

/** What a change relayed from another process means for this process's sockets (the broadcaster's part). */
export interface RelayedToSockets {
  /** The account's sessions ended elsewhere; this process has learned the new generation. */
  sessionsEnded(userId: number): void;
  /** A trade of the item was recorded or cancelled elsewhere; the history holds the change. */
  tradeChanged(item: string): void;
}

/**
 * Keeps the read models current after a write: this process's at once, and, when processes share a
 * Redis adapter, the others' through `serverSideEmit` (InterServerEvents), which `attach` also hears.
 * It says nothing to browsers: the broadcaster (broadcaster.ts) does, after it. The relays share the
 * adapter's stream with the broadcasts (patches/@socket.io+redis-streams-adapter), so the other processes
 * also apply a change before they deliver its events.
 */
export interface ReadModelUpdater {
  attach(io: RealtimeServer, clustered: boolean, relayed: RelayedToSockets): void;
  listingUpserted(listing: Listing): void;
  listingRemoved(id: number): void;
  offerUpserted(offer: Offer): void;
  offerRemoved(id: number): void;
  sessionsEnded(userId: number, generation: number): void;
  accountsChanged(userIds: number[] | null): void;
  tradeRecorded(trade: TradeFact): void;
  tradeRemoved(trade: TradeFact): void;
  savedSearchAdded(search: IndexedSearch): void;
  savedSearchRemoved(id: number): void;
  presenceChanged(change: PresenceChange): void;
  onRelayedPresence(listener: (change: PresenceChange) => void): void;
  /** Other processes' block changes only: the process that made them has updated its own index. */
  blocksChanged(changes: BlockChange[]): void;
  onRelayedBlocks(listener: (changes: BlockChange[]) => void): void;
}

export function createReadModelUpdater(models: LiveReadModels): ReadModelUpdater {
  const { listings, offers, sessions, market, savedSearches, accounts } = models;
  let io: RealtimeServer | null = null;
  let clustered = false;
  let relayedPresence: ((change: PresenceChange) => void) | null = null;
  let relayedBlocks: ((changes: BlockChange[]) => void) | null = null;
  // Only when another process listens: a lone process has nobody to tell.
  const others = () => (clustered ? io : null);
  // A deleted listing's offers went with it (delete-listing.ts).
  const removeListing = (id: number) => {
    listings.remove(id);
    offers.removeListing(id);
  };
  return {
    attach(server, isClustered, relayed) {
      io = server;
      clustered = isClustered;
      if (!clustered) return;
      server.on('market:trade-recorded', (trade) => {
        market.history.add(trade);
        relayed.tradeChanged(trade.item);
      });
      server.on('market:trade-removed', (trade) => {
        market.history.remove(trade);
        relayed.tradeChanged(trade.item);
      });
      server.on('index:listing-upserted', (listing) => listings.upsert(listing));
      server.on('index:listing-removed', removeListing);
      server.on('index:offer-upserted', (offer) => offers.upsert(offer));
      server.on('index:offer-removed', (id) => offers.remove(id));
      // The generation is learned before the sockets go, so one that reconnects at once with the old
      // token is refused even where the relay arrives late.
      server.on('sessions:ended', (userId, generation) => {
        sessions.learn(userId, generation);
        relayed.sessionsEnded(userId);
      });
      server.on('accounts:changed', (userIds) => accounts.forget(userIds));
      server.on('index:saved-search-added', (search) => savedSearches.add(search));
      server.on('index:saved-search-removed', (id) => savedSearches.remove(id));
      server.on('presence:changed', (change) => {
        listings.setSellerOnline(change.userId, change.online);
        relayedPresence?.(change);
      });
      server.on('blocks:changed', (changes) => relayedBlocks?.(changes));
    },
    listingUpserted(listing) {
      listings.upsert(listing);
      others()?.serverSideEmit('index:listing-upserted', listing);
    },
    listingRemoved(id) {
      removeListing(id);
      others()?.serverSideEmit('index:listing-removed', id);
    },
    offerUpserted(offer) {
      offers.upsert(offer);
      others()?.serverSideEmit('index:offer-upserted', offer);
    },
    offerRemoved(id) {
      offers.remove(id);
      others()?.serverSideEmit('index:offer-removed', id);
    },
    sessionsEnded(userId, generation) {
      sessions.learn(userId, generation);
      others()?.serverSideEmit('sessions:ended', userId, generation);
    },
    accountsChanged(userIds) {
      accounts.forget(userIds);
      others()?.serverSideEmit('accounts:changed', userIds);
    },
    tradeRecorded(trade) {
      market.history.add(trade);
      others()?.serverSideEmit('market:trade-recorded', trade);
    },
    tradeRemoved(trade) {
      market.history.remove(trade);
      others()?.serverSideEmit('market:trade-removed', trade);
    },
    savedSearchAdded(search) {
      savedSearches.add(search);
      others()?.serverSideEmit('index:saved-search-added', search);
    },
    savedSearchRemoved(id) {
      savedSearches.remove(id);
      others()?.serverSideEmit('index:saved-search-removed', id);
    },
    presenceChanged(change) {
      listings.setSellerOnline(change.userId, change.online);
      others()?.serverSideEmit('presence:changed', change);
    },
    onRelayedPresence(listener) {
      relayedPresence = listener;
    },
    blocksChanged(changes) {
      others()?.serverSideEmit('blocks:changed', changes);
    },
    onRelayedBlocks(listener) {
      relayedBlocks = listener;
    },
  };
}
