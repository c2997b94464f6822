import { z } from 'zod';
import { listingSchema } from './listing';
import { marketBookSchema, marketTradeSchema } from './market';
import { notificationSchema } from './notification';
import { offerSchema } from './offer';
import { offerMessageSchema } from './offer-message';
import { presenceSchema, presenceWatchSchema } from './presence';
import { tradeSchema } from './trade';

/**
 * The realtime API's payloads as zod schemas: events.ts types the Socket.IO server and clients from
 * them, and the AsyncAPI document (GET /api/asyncapi.json) is generated from them, so the two cannot
 * drift. Payloads that carry a listing, offer, trade or notification carry it exactly as REST answers it.
 */

const id = z.number().int().positive();
const itemName = z.string().min(1).meta({ description: 'A catalogue item name, spelt exactly.' });

export const listingEventSchema = z.object({ listing: listingSchema });
export const listingDeletedEventSchema = z.object({ id });
export const offerEventSchema = z.object({ offer: offerSchema });
export const offerDeletedEventSchema = z.object({ id, listing_id: id });
export const marketBookEventSchema = z.object({ item: itemName, book: marketBookSchema });
export const marketTradeEventSchema = z.object({ item: itemName, trade: marketTradeSchema });
export const presenceChangedEventSchema = presenceSchema.extend({ userId: id });
export const tradeEventSchema = z.object({ trade: tradeSchema });
export const offerMessageEventSchema = z.object({ message: offerMessageSchema });

/** Every server-to-client event and its one payload argument. */
export const SERVER_EVENTS = {
  'listing:created': listingEventSchema,
  'listing:updated': listingEventSchema,
  'listing:deleted': listingDeletedEventSchema,
  'offer:created': offerEventSchema,
  'offer:updated': offerEventSchema,
  'offer:deleted': offerDeletedEventSchema,
  notification: notificationSchema,
  'market:book': marketBookEventSchema,
  'market:trade': marketTradeEventSchema,
  'presence:changed': presenceChangedEventSchema,
  'trade:updated': tradeEventSchema,
  'offer:message': offerMessageEventSchema,
} as const;
export type ServerEventName = keyof typeof SERVER_EVENTS;

export const listingWatchSchema = z.object({ listingId: id });
export const marketWatchSchema = z.object({ item: itemName });

const refused = z.object({
  ok: z.literal(false),
  error: z.string().meta({ description: 'Why, in words a person can read.' }),
});
export const ackSchema = z.union([z.object({ ok: z.literal(true) }), refused]);
export const marketWatchAckSchema = z.union([
  z.object({ ok: z.literal(true), book: marketBookSchema }),
  refused,
]);
export const presenceAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    presence: z
      .record(z.string().regex(/^\d+$/), presenceSchema)
      .meta({ description: 'Each watched user by id: online now, or when last seen.' }),
  }),
  refused,
]);

/**
 * Every client-to-server event: its payload, the acknowledgement the server calls back with, and
 * whether the ack may be left out (the unwatch events work without one).
 */
export const CLIENT_EVENTS = {
  'listing:watch': { payload: listingWatchSchema, ack: ackSchema, ackOptional: false },
  'listing:unwatch': { payload: listingWatchSchema, ack: ackSchema, ackOptional: true },
  'market:watch': { payload: marketWatchSchema, ack: marketWatchAckSchema, ackOptional: false },
  'market:unwatch': { payload: marketWatchSchema, ack: ackSchema, ackOptional: true },
  'presence:watch': { payload: presenceWatchSchema, ack: presenceAckSchema, ackOptional: false },
  'presence:unwatch': { payload: presenceWatchSchema, ack: ackSchema, ackOptional: true },
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENTS;

/** The `auth` object of the Socket.IO handshake. */
export const handshakeAuthSchema = z.object({
  token: z.string().optional().meta({
    description:
      'A session token (the `token` of POST /api/auth/login) or a personal access token (`bsm_pat_…`). Leave it out to connect as a visitor.',
  }),
});
