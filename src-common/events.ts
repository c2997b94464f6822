import type { Listing } from './schemas/listing';
import type { Notification } from './schemas/notification';
import type { Offer } from './schemas/offer';
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
  'presence:changed': (payload: PresenceChange) => void;
}

export interface ClientToServerEvents {
  'listing:watch': (payload: { listingId: number }, ack: (result: Ack) => void) => void;
  'listing:unwatch': (payload: { listingId: number }, ack?: (result: Ack) => void) => void;
  'presence:watch': (payload: { userIds: number[] }, ack: (result: PresenceAck) => void) => void;
  'presence:unwatch': (payload: { userIds: number[] }, ack?: (result: Ack) => void) => void;
}

export const listingRoom = (listingId: number) => `listing:${listingId}`;
export const userRoom = (userId: number) => `user:${userId}`;
/** The sockets that watch one user's presence (presence:watch). */
export const presenceRoom = (userId: number) => `presence:${userId}`;
