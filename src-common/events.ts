import type { Listing } from './schemas/listing';
import type { Offer } from './schemas/offer';

export type NotificationKind = 'offer_received' | 'offer_accepted' | 'offer_rejected' | 'offer_cancelled';

export interface NotificationPayload {
  kind: NotificationKind;
  listingId: number;
  offerId: number;
  message: string;
  at: string;
}

export type Ack = { ok: true } | { ok: false; error: string };

/** The realtime contract (docs/realtime.md): server-to-client events. */
export interface ServerToClientEvents {
  'listing:created': (payload: { listing: Listing }) => void;
  'listing:updated': (payload: { listing: Listing }) => void;
  'listing:deleted': (payload: { id: number }) => void;
  'offer:created': (payload: { offer: Offer }) => void;
  'offer:updated': (payload: { offer: Offer }) => void;
  'offer:deleted': (payload: { id: number; listing_id: number }) => void;
  notification: (payload: NotificationPayload) => void;
}

export interface ClientToServerEvents {
  'listing:watch': (payload: { listingId: number }, ack: (result: Ack) => void) => void;
  'listing:unwatch': (payload: { listingId: number }, ack?: (result: Ack) => void) => void;
}

export const listingRoom = (listingId: number) => `listing:${listingId}`;
export const userRoom = (userId: number) => `user:${userId}`;
