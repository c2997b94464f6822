import type { Listing } from './schemas/listing';
import type { MarketBook, MarketTrade } from './schemas/market';
import type { Notification } from './schemas/notification';
import type { Offer } from './schemas/offer';
import type { OfferMessage } from './schemas/offer-message';
import type { Trade } from './schemas/trade';
import type { PresenceChange, PresenceMap } from './presence';

export type { NotificationKind } from './schemas/notification';

/** The live `notification` event: the stored notification, as GET /api/notifications returns it. */
export type NotificationPayload = Notification;

export type Ack = { ok: true } | { ok: false; error: string };
export type PresenceAck = { ok: true; presence: PresenceMap } | { ok: false; error: string };

/** The realtime contract (docs/realtime.md): server-to-client events. */
export interface ServerToClientEvents {
  'listing:created': (payload: { listing: Listing }) => void;
  'listing:updated': (payload: { listing: Listing }) => void;
  'listing:deleted': (payload: { id: number }) => void;
  'offer:created': (payload: { offer: Offer }) => void;
  'offer:updated': (payload: { offer: Offer }) => void;
  'offer:deleted': (payload: { id: number; listing_id: number }) => void;
  notification: (payload: NotificationPayload) => void;
  /** To the item's watchers, coalesced to at most one every 250 ms per item. */
  'market:book': (payload: { item: string; book: MarketBook }) => void;
  /** To the item's watchers when an offer on one of its listings is accepted. */
  'market:trade': (payload: { item: string; trade: MarketTrade }) => void;
  'presence:changed': (payload: PresenceChange) => void;
  /** To both parties' user rooms after each change of a trade (status, a confirmation, a cancel request, feedback). */
  'trade:updated': (payload: { trade: Trade }) => void;
  /** To both parties' user rooms after a message is written in the thread of an offer. */
  'offer:message': (payload: { message: OfferMessage }) => void;
}

export type MarketWatchAck = { ok: true; book: MarketBook } | { ok: false; error: string };

export interface ClientToServerEvents {
  'listing:watch': (payload: { listingId: number }, ack: (result: Ack) => void) => void;
  'listing:unwatch': (payload: { listingId: number }, ack?: (result: Ack) => void) => void;
  'market:watch': (payload: { item: string }, ack: (result: MarketWatchAck) => void) => void;
  'market:unwatch': (payload: { item: string }, ack?: (result: Ack) => void) => void;
  'presence:watch': (payload: { userIds: number[] }, ack: (result: PresenceAck) => void) => void;
  'presence:unwatch': (payload: { userIds: number[] }, ack?: (result: Ack) => void) => void;
}

export const listingRoom = (listingId: number) => `listing:${listingId}`;
export const userRoom = (userId: number) => `user:${userId}`;
/** The sockets that watch one user's presence (presence:watch). */
export const presenceRoom = (userId: number) => `presence:${userId}`;
