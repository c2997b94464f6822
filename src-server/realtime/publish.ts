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
import type { ListingIndex } from '../read-models/listing-index';
import type { OfferIndex } from '../read-models/offer-index';
import type { SessionGenerations } from '../services/accounts/session-generations';

/** What server processes tell each other (through the Redis adapter) so every read model stays current. */
export interface InterServerEvents {
  'index:listing-upserted': (listing: Listing) => void;
  'index:listing-removed': (id: number) => void;
  'index:offer-upserted': (offer: Offer) => void;
  'index:offer-removed': (id: number) => void;
  'sessions:ended': (userId: number, generation: number) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/**
 * The one place that knows who hears of a change. Services call it after their write has succeeded:
 * a listing or offer change goes to this process's read models (listing index, offer index), to the
 * other processes' ones (when they share a Redis adapter) and to the sockets; offers go to their
 * listing's room, notifications to their user's. Until a Socket.IO server is attached (scripts, some
 * tests) only the read models are kept.
 */
export interface Publisher {
  attach(io: RealtimeServer, options: { clustered: boolean }): void;
  listingCreated(listing: Listing): void;
  listingUpdated(listing: Listing): void;
  listingDeleted(id: number): void;
  offerCreated(offer: Offer): void;
  offerUpdated(offer: Offer): void;
  offerDeleted(id: number, listingId: number): void;
  notify(userId: number, notification: NotificationPayload): void;
  /** The account's sessions ended (services/accounts/sessions.ts): every process learns it and drops its sockets. */
  sessionsEnded(userId: number, generation: number): void;
  /** A personal access token was revoked: its sockets are dropped on every process. */
  apiTokenRevoked(tokenId: number): void;
}

/** The room of the sockets that connected with one personal access token (not joinable by clients). */
export const tokenRoom = (tokenId: number) => `token:${tokenId}`;

export function createPublisher(
  index: ListingIndex,
  offers: OfferIndex,
  sessions: SessionGenerations,
): Publisher {
  let io: RealtimeServer | null = null;
  let clustered = false;
  const listingChanged = (listing: Listing, event: 'listing:created' | 'listing:updated') => {
    index.upsert(listing);
    if (clustered) io?.serverSideEmit('index:listing-upserted', listing);
    io?.emit(event, { listing });
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
      if (!clustered) return;
      server.on('index:listing-upserted', (listing) => index.upsert(listing));
      server.on('index:listing-removed', removeListing);
      server.on('index:offer-upserted', (offer) => offers.upsert(offer));
      server.on('index:offer-removed', (id) => offers.remove(id));
      server.on('sessions:ended', endSessions);
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
    notify: (userId, notification) => io?.to(userRoom(userId)).emit('notification', notification),
    sessionsEnded(userId, generation) {
      endSessions(userId, generation);
      if (clustered) io?.serverSideEmit('sessions:ended', userId, generation);
    },
    // Through the adapter, so the sockets of every process go.
    apiTokenRevoked: (tokenId) => io?.in(tokenRoom(tokenId)).disconnectSockets(),
  };
}
