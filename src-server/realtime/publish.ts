import { listingRoom, presenceRoom, userRoom, type NotificationPayload } from '../../src-common/events';
import type { Listing } from '../../src-common/schemas/listing';
import { marketRoom } from '../../src-common/schemas/market';
import type { Offer } from '../../src-common/schemas/offer';
import type { Trade } from '../../src-common/schemas/trade';
import type { OfferMessage } from '../../src-common/schemas/offer-message';
import type { TradeDoc } from '../models/trade';
import type { ListingIndex } from '../read-models/listing-index';
import { tradeFact } from '../read-models/load-market-history';
import type { MarketData } from '../read-models/market';
import type { TradeFact } from '../read-models/market-history';
import type { PresenceChange } from '../../src-common/schemas/presence';
import type { IndexedSearch, SavedSearchIndex } from '../read-models/saved-search-index';
import type { OfferIndex } from '../read-models/offer-index';
import type { BlockChange } from '../read-models/block-index';
import type { PublicAccounts } from '../read-models/public-accounts';
import type { SessionGenerations } from '../services/accounts/session-generations';
import { createMarketFeed, type MarketFeed } from './market-feed';
import { tokenRoom, type RealtimeServer } from './realtime-server';

/**
 * The one place that knows who hears of a change. Services call it after their write has succeeded:
 * a listing or offer change goes to this process's read models (listing index, offer index), to the
 * other processes' ones (when they share a Redis adapter) and to the sockets; offers go to their
 * listing's room, notifications to their user's; a trade goes to every process's market history and to
 * its item's watchers, and the item's watchers get its book (realtime/market-feed.ts). Until a Socket.IO
 * server is attached (scripts, some tests) only the read models and the history are kept.
 */
export interface Publisher {
  attach(io: RealtimeServer, options: { clustered: boolean }): void;
  listingCreated(listing: Listing): void;
  listingUpdated(listing: Listing): void;
  listingDeleted(id: number): void;
  offerCreated(offer: Offer): void;
  offerUpdated(offer: Offer): void;
  offerDeleted(id: number, listingId: number): void;
  /** A message in an offer's thread: every socket of each of its two parties, nobody else. */
  offerMessage(partyIds: number[], message: OfferMessage): void;
  notify(userId: number, notification: NotificationPayload): void;
  /** Whether any socket of the user is connected, on any process (asks the others through the adapter). */
  isConnected(userId: number): Promise<boolean>;
  /** The account's sessions ended (services/accounts/sessions.ts): every process learns it and drops its sockets. */
  sessionsEnded(userId: number, generation: number): void;
  /** A write changed these accounts' public fields (null: it cannot say whose): every process forgets them. */
  accountsChanged(userIds: number[] | null): void;
  /** A personal access token was revoked: its sockets are dropped on every process. */
  apiTokenRevoked(tokenId: number): void;
  /** An offer was accepted and its trade stored: market history everywhere, `market:trade` to the item's watchers. */
  tradeRecorded(trade: TradeDoc): void;
  /** A trade changed after the accept: `trade:updated` to both parties' sockets, nobody else's. */
  tradeUpdated(trade: Trade): void;
  /** A trade was cancelled: every process's market history forgets it (the item's watchers get its book). */
  tradeCancelled(trade: TradeDoc): void;
  /** A saved search was created or deleted: every process's matching index (read-models/saved-search-index.ts) follows. */
  savedSearchAdded(search: IndexedSearch): void;
  savedSearchRemoved(id: number): void;
  /** A user went online or offline (services/presence): their watchers hear it, every index's online sellers follow. */
  presenceChanged(change: PresenceChange): void;
  /** Hears the presence changes other processes publish (services/presence keeps what it last heard). */
  onRelayedPresence(listener: (change: PresenceChange) => void): void;
  /** Blocks were added or lifted (services/blocks/): the other processes' block indexes follow (the caller keeps its own). */
  blocksChanged(changes: BlockChange[]): void;
  /** Hears the block changes other processes publish. */
  onRelayedBlocks(listener: (changes: BlockChange[]) => void): void;
}

export function createPublisher(
  index: ListingIndex,
  offers: OfferIndex,
  sessions: SessionGenerations,
  market: MarketData,
  savedSearches: SavedSearchIndex,
  accounts: PublicAccounts,
): Publisher {
  let io: RealtimeServer | null = null;
  let clustered = false;
  let feed: MarketFeed | null = null;
  let relayedPresence: ((change: PresenceChange) => void) | null = null;
  let relayedBlocks: ((changes: BlockChange[]) => void) | null = null;
  // A trade changes the item's last trade and 24-hour figures, which its book carries.
  const learnTrade = (trade: TradeFact) => {
    market.history.add(trade);
    feed?.changed(trade.item);
  };
  const forgetTrade = (trade: TradeFact) => {
    market.history.remove(trade);
    feed?.changed(trade.item);
  };
  const listingChanged = (listing: Listing, event: 'listing:created' | 'listing:updated') => {
    index.upsert(listing);
    if (clustered) io?.serverSideEmit('index:listing-upserted', listing);
    // A listing hidden by its seller's suspension is gone for the pages: any change of it reads as its deletion.
    if (listing.sellerSuspended) io?.emit('listing:deleted', { id: listing.id });
    else io?.emit(event, { listing });
  };
  // A deleted listing's offers went with it (delete-listing.ts).
  const removeListing = (id: number) => {
    index.remove(id);
    offers.removeListing(id);
  };
  const offerChanged = (offer: Offer, event: 'offer:created' | 'offer:updated') => {
    offers.upsert(offer);
    if (clustered) io?.serverSideEmit('index:offer-upserted', offer);
    io?.to(listingRoom(offer.listing_id)).emit(event, { offer });
  };
  // Each process learns the generation before it drops its own sockets, so one that reconnects at once
  // with the old token is refused even where the relay arrives late.
  const endSessions = (userId: number, generation: number) => {
    sessions.learn(userId, generation);
    io?.local.in(userRoom(userId)).disconnectSockets();
  };
  return {
    attach(server, options) {
      io = server;
      clustered = options.clustered;
      feed = createMarketFeed(server, market);
      market.books.onChange((item) => feed?.changed(item));
      if (!clustered) return;
      server.on('market:trade-recorded', learnTrade);
      server.on('market:trade-removed', forgetTrade);
      server.on('index:listing-upserted', (listing) => index.upsert(listing));
      server.on('index:listing-removed', removeListing);
      server.on('index:offer-upserted', (offer) => offers.upsert(offer));
      server.on('index:offer-removed', (id) => offers.remove(id));
      server.on('sessions:ended', endSessions);
      server.on('accounts:changed', (userIds) => accounts.forget(userIds));
      server.on('index:saved-search-added', (search) => savedSearches.add(search));
      server.on('index:saved-search-removed', (id) => savedSearches.remove(id));
      server.on('presence:changed', (change) => {
        index.setSellerOnline(change.userId, change.online);
        relayedPresence?.(change);
      });
      server.on('blocks:changed', (changes) => relayedBlocks?.(changes));
    },
    listingCreated: (listing) => listingChanged(listing, 'listing:created'),
    listingUpdated: (listing) => listingChanged(listing, 'listing:updated'),
    listingDeleted(id) {
      removeListing(id);
      if (clustered) io?.serverSideEmit('index:listing-removed', id);
      io?.emit('listing:deleted', { id });
    },
    offerCreated: (offer) => offerChanged(offer, 'offer:created'),
    offerUpdated: (offer) => offerChanged(offer, 'offer:updated'),
    offerDeleted(id, listingId) {
      offers.remove(id);
      if (clustered) io?.serverSideEmit('index:offer-removed', id);
      io?.to(listingRoom(listingId)).emit('offer:deleted', { id, listing_id: listingId });
    },
    offerMessage: (partyIds, message) => io?.to(partyIds.map(userRoom)).emit('offer:message', { message }),
    notify: (userId, notification) => io?.to(userRoom(userId)).emit('notification', notification),
    isConnected: async (userId) => (io ? (await io.in(userRoom(userId)).fetchSockets()).length > 0 : false),
    sessionsEnded(userId, generation) {
      endSessions(userId, generation);
      if (clustered) io?.serverSideEmit('sessions:ended', userId, generation);
    },
    accountsChanged(userIds) {
      accounts.forget(userIds);
      if (clustered) io?.serverSideEmit('accounts:changed', userIds);
    },
    // Through the adapter, so the sockets of every process go.
    apiTokenRevoked: (tokenId) => io?.in(tokenRoom(tokenId)).disconnectSockets(),
    tradeRecorded(trade) {
      const fact = tradeFact(trade);
      learnTrade(fact);
      if (clustered) io?.serverSideEmit('market:trade-recorded', fact);
      const { item, unitPrice, quantity, side } = trade;
      // Through the adapter: the watchers on every process hear of it once.
      io?.to(marketRoom(item)).emit('market:trade', {
        item,
        trade: { unitPrice, quantity, side, at: new Date(trade.at).toISOString() },
      });
    },
    tradeUpdated(trade) {
      io?.to([userRoom(trade.buyer.id), userRoom(trade.seller.id)]).emit('trade:updated', { trade });
    },
    tradeCancelled(trade) {
      const fact = tradeFact(trade);
      forgetTrade(fact);
      if (clustered) io?.serverSideEmit('market:trade-removed', fact);
    },
    savedSearchAdded(search) {
      savedSearches.add(search);
      if (clustered) io?.serverSideEmit('index:saved-search-added', search);
    },
    savedSearchRemoved(id) {
      savedSearches.remove(id);
      if (clustered) io?.serverSideEmit('index:saved-search-removed', id);
    },
    onRelayedPresence(listener) {
      relayedPresence = listener;
    },
    blocksChanged(changes) {
      if (clustered) io?.serverSideEmit('blocks:changed', changes);
    },
    onRelayedBlocks(listener) {
      relayedBlocks = listener;
    },
    presenceChanged(change) {
      index.setSellerOnline(change.userId, change.online);
      if (clustered) io?.serverSideEmit('presence:changed', change);
      // Only the sockets watching this user: never to everyone.
      io?.to(presenceRoom(change.userId)).emit('presence:changed', change);
    },
  };
}
