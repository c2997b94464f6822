import type { z } from 'zod';
import type { CLIENT_EVENTS, SERVER_EVENTS, ServerEventName } from './schemas/realtime';

export type { NotificationKind } from './schemas/notification';

/** The one payload argument of a server-to-client event, as its zod schema in schemas/realtime.ts says. */
export type ServerEventPayload<E extends ServerEventName> = z.output<(typeof SERVER_EVENTS)[E]>;
type ClientPayload<E extends keyof typeof CLIENT_EVENTS> = z.input<(typeof CLIENT_EVENTS)[E]['payload']>;
type ClientAck<E extends keyof typeof CLIENT_EVENTS> = z.output<(typeof CLIENT_EVENTS)[E]['ack']>;

/** The live `notification` event: the stored notification, as GET /api/notifications returns it. */
export type NotificationPayload = ServerEventPayload<'notification'>;

export type Ack = ClientAck<'listing:watch'>;
export type PresenceAck = ClientAck<'presence:watch'>;
export type MarketWatchAck = ClientAck<'market:watch'>;

/** The realtime contract (docs/realtime.md, GET /api/asyncapi.json): server-to-client events. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerEventPayload<E>) => void;
};

export interface ClientToServerEvents {
  'listing:watch': (payload: ClientPayload<'listing:watch'>, ack: (result: Ack) => void) => void;
  'listing:unwatch': (payload: ClientPayload<'listing:unwatch'>, ack?: (result: Ack) => void) => void;
  'market:watch': (payload: ClientPayload<'market:watch'>, ack: (result: MarketWatchAck) => void) => void;
  'market:unwatch': (payload: ClientPayload<'market:unwatch'>, ack?: (result: Ack) => void) => void;
  'presence:watch': (payload: ClientPayload<'presence:watch'>, ack: (result: PresenceAck) => void) => void;
  'presence:unwatch': (payload: ClientPayload<'presence:unwatch'>, ack?: (result: Ack) => void) => void;
}

export const listingRoom = (listingId: number) => `listing:${listingId}`;
export const userRoom = (userId: number) => `user:${userId}`;
/** The sockets that watch one user's presence (presence:watch). */
export const presenceRoom = (userId: number) => `presence:${userId}`;
