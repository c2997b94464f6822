import type { NotificationPayload } from '../../src-common/events';
import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';
import type { OfferMessage } from '../../src-common/schemas/offer-message';
import type { PresenceChange } from '../../src-common/schemas/presence';
import type { Trade } from '../../src-common/schemas/trade';
import type { TradeDoc } from '../models/trade';
import type { BlockChange } from '../read-models/block-index';
import { tradeFact } from '../read-models/load-market-history';
import type { IndexedSearch } from '../read-models/saved-search-index';
import type { Broadcaster } from './broadcaster';
import type { ReadModelUpdater } from './read-model-updater';
import type { RealtimeServer } from './realtime-server';

/**
 * What services call after their write has succeeded, the one place that knows what a change reaches.
 * Each change goes first to the read models (read-model-updater.ts: this process's at once, the other
 * processes' through the Redis relay), then to the browsers (broadcaster.ts: who hears what over
 * Socket.IO), so a socket that hears of a change and reads again finds it. The index watchers that
 * follow the read models (order books, profiles, `market:book`) are wired in read-models/wiring.ts.
 * Until a Socket.IO server is attached (scripts, some tests) only this process's read models are kept.
 */
export interface Publisher {
  attach(io: RealtimeServer, options: { clustered: boolean }): void;
  listingCreated(listing: Listing): void;
  listingUpdated(listing: Listing): void;
  listingDeleted(id: number): void;
  offerCreated(offer: Offer): void;
  offerUpdated(offer: Offer): void;
  /** `userId`: the offer's maker, whose own sockets hear of it wherever they are. */
  offerDeleted(id: number, listingId: number, userId: number): void;
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

export function createPublisher(updater: ReadModelUpdater, broadcaster: Broadcaster): Publisher {
  return {
    attach(io, { clustered }) {
      broadcaster.attach(io);
      updater.attach(io, clustered, {
        sessionsEnded: (userId) => broadcaster.dropSessions(userId),
        tradeChanged: (item) => broadcaster.bookChanged(item),
      });
    },
    listingCreated(listing) {
      updater.listingUpserted(listing);
      broadcaster.listingChanged(listing, 'listing:created');
    },
    listingUpdated(listing) {
      updater.listingUpserted(listing);
      broadcaster.listingChanged(listing, 'listing:updated');
    },
    listingDeleted(id) {
      updater.listingRemoved(id);
      broadcaster.listingDeleted(id);
    },
    offerCreated(offer) {
      updater.offerUpserted(offer);
      broadcaster.offerChanged(offer, 'offer:created');
    },
    offerUpdated(offer) {
      updater.offerUpserted(offer);
      broadcaster.offerChanged(offer, 'offer:updated');
    },
    offerDeleted(id, listingId, userId) {
      updater.offerRemoved(id);
      broadcaster.offerDeleted(id, listingId, userId);
    },
    offerMessage: (partyIds, message) => broadcaster.offerMessage(partyIds, message),
    notify: (userId, notification) => broadcaster.notify(userId, notification),
    isConnected: (userId) => broadcaster.isConnected(userId),
    sessionsEnded(userId, generation) {
      updater.sessionsEnded(userId, generation);
      broadcaster.dropSessions(userId);
    },
    accountsChanged: (userIds) => updater.accountsChanged(userIds),
    apiTokenRevoked: (tokenId) => broadcaster.apiTokenRevoked(tokenId),
    tradeRecorded(trade) {
      updater.tradeRecorded(tradeFact(trade));
      broadcaster.tradeRecorded(trade);
    },
    tradeUpdated: (trade) => broadcaster.tradeUpdated(trade),
    tradeCancelled(trade) {
      updater.tradeRemoved(tradeFact(trade));
      broadcaster.bookChanged(trade.item);
    },
    savedSearchAdded: (search) => updater.savedSearchAdded(search),
    savedSearchRemoved: (id) => updater.savedSearchRemoved(id),
    presenceChanged(change) {
      updater.presenceChanged(change);
      broadcaster.presenceChanged(change);
    },
    onRelayedPresence: (listener) => updater.onRelayedPresence(listener),
    blocksChanged: (changes) => updater.blocksChanged(changes),
    onRelayedBlocks: (listener) => updater.onRelayedBlocks(listener),
  };
}
