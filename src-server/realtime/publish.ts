import type { Server } from 'socket.io';
import {
  listingRoom,
  userRoom,
  type ClientToServerEvents,
  type NotificationPayload,
  type ServerToClientEvents,
} from '../../src-common/events';
import type { Listing } from '../../src-common/schemas/listing';
import type { Offer } from '../../src-common/schemas/offer';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * The one place that knows which rooms get which event. Services call it after their write has
 * succeeded; until a Socket.IO server is attached (scripts, some tests) it publishes nothing.
 */
export interface Publisher {
  attach(io: RealtimeServer): void;
  listingCreated(listing: Listing): void;
  listingUpdated(listing: Listing): void;
  listingDeleted(id: number): void;
  offerCreated(offer: Offer): void;
  offerUpdated(offer: Offer): void;
  offerDeleted(id: number, listingId: number): void;
  notify(userId: number, notification: NotificationPayload): void;
}

export function createPublisher(): Publisher {
  let io: RealtimeServer | null = null;
  return {
    attach(server) {
      io = server;
    },
    listingCreated: (listing) => io?.emit('listing:created', { listing }),
    listingUpdated: (listing) => io?.emit('listing:updated', { listing }),
    listingDeleted: (id) => io?.emit('listing:deleted', { id }),
    offerCreated: (offer) => io?.to(listingRoom(offer.listing_id)).emit('offer:created', { offer }),
    offerUpdated: (offer) => io?.to(listingRoom(offer.listing_id)).emit('offer:updated', { offer }),
    offerDeleted: (id, listingId) => io?.to(listingRoom(listingId)).emit('offer:deleted', { id, listing_id: listingId }),
    notify: (userId, notification) => io?.to(userRoom(userId)).emit('notification', notification),
  };
}
