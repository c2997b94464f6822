import { listingRoom, presenceRoom, userRoom, type NotificationPayload } from '../../src-common/events';
import type { Listing } from '../../src-common/schemas/listing';
import { marketRoom } from '../../src-common/schemas/market';
import type { Offer } from '../../src-common/schemas/offer';
import type { OfferMessage } from '../../src-common/schemas/offer-message';
import type { PresenceChange } from '../../src-common/schemas/presence';
import type { Trade } from '../../src-common/schemas/trade';
import type { TradeDoc } from '../models/trade';
import type { MarketData } from '../read-models/market';
import { createMarketFeed, type MarketFeed } from './market-feed';
import { tokenRoom, type RealtimeServer } from './realtime-server';

/**
 * Who hears of a change over Socket.IO: listing changes go to everyone; offers to their listing's room and
 * their maker's user room, in one emit so a socket in both hears each once (the maker's other tabs and
 * bots follow their own offers without watching every listing); offer messages, notifications and trade
 * changes to their parties' user rooms; trades and books to their item's watchers; presence to its
 * watchers. Emits through the adapter reach every process's sockets once; `market:book` and dropped
 * sessions are per process (`io.local`), since every process learns those changes itself
 * (read-model-updater.ts). Until `attach` (scripts, some tests) it says nothing.
 */
export interface Broadcaster {
  attach(io: RealtimeServer): void;
  listingChanged(listing: Listing, event: 'listing:created' | 'listing:updated'): void;
  listingDeleted(id: number): void;
  offerChanged(offer: Offer, event: 'offer:created' | 'offer:updated'): void;
  offerDeleted(id: number, listingId: number, userId: number): void;
  offerMessage(partyIds: number[], message: OfferMessage): void;
  notify(userId: number, notification: NotificationPayload): void;
  isConnected(userId: number): Promise<boolean>;
  /** This process's sockets of the account go (its sessions ended). */
  dropSessions(userId: number): void;
  apiTokenRevoked(tokenId: number): void;
  /** `market:trade` to the item's watchers, and its book, whose last trade and 24-hour figures changed. */
  tradeRecorded(trade: TradeDoc): void;
  tradeUpdated(trade: Trade): void;
  /** The item's book (null: every book) may have changed: `market:book` to its watchers on this process. */
  bookChanged(item: string | null): void;
  presenceChanged(change: PresenceChange): void;
}

export function createBroadcaster(market: MarketData): Broadcaster {
  let io: RealtimeServer | null = null;
  let feed: MarketFeed | null = null;
  const bookChanged = (item: string | null) => feed?.changed(item);
  return {
    attach(server) {
      io = server;
      feed = createMarketFeed(server, market);
    },
    listingChanged(listing, event) {
      // A listing hidden by its seller's suspension is gone for the pages: any change of it reads as its deletion.
      if (listing.sellerSuspended) io?.emit('listing:deleted', { id: listing.id });
      else io?.emit(event, { listing });
    },
    listingDeleted: (id) => io?.emit('listing:deleted', { id }),
    offerChanged: (offer, event) =>
      io?.to([listingRoom(offer.listing_id), userRoom(offer.user_id)]).emit(event, { offer }),
    offerDeleted: (id, listingId, userId) =>
      io?.to([listingRoom(listingId), userRoom(userId)]).emit('offer:deleted', { id, listing_id: listingId }),
    offerMessage: (partyIds, message) => io?.to(partyIds.map(userRoom)).emit('offer:message', { message }),
    notify: (userId, notification) => io?.to(userRoom(userId)).emit('notification', notification),
    isConnected: async (userId) => (io ? (await io.in(userRoom(userId)).fetchSockets()).length > 0 : false),
    dropSessions: (userId) => io?.local.in(userRoom(userId)).disconnectSockets(),
    // Through the adapter, so the sockets of every process go.
    apiTokenRevoked: (tokenId) => io?.in(tokenRoom(tokenId)).disconnectSockets(),
    tradeRecorded(trade) {
      const { item, unitPrice, quantity, side } = trade;
      bookChanged(item);
      // Through the adapter: the watchers on every process hear of it once.
      io?.to(marketRoom(item)).emit('market:trade', {
        item,
        trade: { unitPrice, quantity, side, at: new Date(trade.at).toISOString() },
      });
    },
    tradeUpdated: (trade) =>
      io?.to([userRoom(trade.buyer.id), userRoom(trade.seller.id)]).emit('trade:updated', { trade }),
    bookChanged,
    // Only the sockets watching this user: never to everyone.
    presenceChanged: (change) => io?.to(presenceRoom(change.userId)).emit('presence:changed', change),
  };
}
