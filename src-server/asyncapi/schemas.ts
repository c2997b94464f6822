import { z } from 'zod';
import { listingSchema } from '../../src-common/schemas/listing';
import { marketBookSchema, marketTradeSchema } from '../../src-common/schemas/market';
import { notificationSchema } from '../../src-common/schemas/notification';
import { offerSchema } from '../../src-common/schemas/offer';
import { offerMessageSchema } from '../../src-common/schemas/offer-message';
import { presenceSchema } from '../../src-common/schemas/presence';
import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  handshakeAuthSchema,
  type ClientEventName,
  type ServerEventName,
} from '../../src-common/schemas/realtime';
import { tradeSchema } from '../../src-common/schemas/trade';

/** A JSON Schema (draft-07, the base of AsyncAPI's own schema format) as the document holds it. */
export type JsonSchema = { [key: string]: unknown };

/** The name of a component schema, and the pointer a message or another schema uses for it. */
export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The entities that several events carry, named once so a reader (or a code generator) sees one type. */
const ENTITIES: Record<string, z.ZodType> = {
  Listing: listingSchema,
  Offer: offerSchema,
  Notification: notificationSchema,
  MarketBook: marketBookSchema,
  MarketTrade: marketTradeSchema,
  Trade: tradeSchema,
  OfferMessage: offerMessageSchema,
  Presence: presenceSchema,
};

/** The component name of each event's payload (events with one shape share it). */
export const SERVER_PAYLOADS: Record<ServerEventName, string> = {
  'listing:created': 'ListingEvent',
  'listing:updated': 'ListingEvent',
  'listing:deleted': 'ListingDeletedEvent',
  'offer:created': 'OfferEvent',
  'offer:updated': 'OfferEvent',
  'offer:deleted': 'OfferDeletedEvent',
  notification: 'Notification',
  'market:book': 'MarketBookEvent',
  'market:trade': 'MarketTradeEvent',
  'presence:changed': 'PresenceChangedEvent',
  'trade:updated': 'TradeEvent',
  'offer:message': 'OfferMessageEvent',
};

/** The component names of each client event's payload and of its acknowledgement. */
export const CLIENT_SCHEMAS: Record<ClientEventName, { payload: string; ack: string }> = {
  'listing:watch': { payload: 'ListingRequest', ack: 'Ack' },
  'listing:unwatch': { payload: 'ListingRequest', ack: 'Ack' },
  'market:watch': { payload: 'ItemRequest', ack: 'MarketWatchAck' },
  'market:unwatch': { payload: 'ItemRequest', ack: 'Ack' },
  'presence:watch': { payload: 'UsersRequest', ack: 'PresenceWatchAck' },
  'presence:unwatch': { payload: 'UsersRequest', ack: 'Ack' },
};

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * zod bounds every `.int()` by the safe-integer range, which says nothing a JSON reader needs. What the
 * server sends may gain fields (clients ignore those they do not know), so its objects stay open.
 */
function tidy(schema: JsonSchema, io: 'input' | 'output'): void {
  if (schema.minimum === -SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === SAFE_INTEGER) delete schema.maximum;
  if (io === 'output' && schema.additionalProperties === false) delete schema.additionalProperties;
}

/** Where zod puts a schema named elsewhere (`.meta({ id })`) that this registry does not name. */
const SHARED = '__shared';
const SHARED_REF = /#\/components\/schemas\/__shared#\/(?:definitions|\$defs)\//g;

function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output') {
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-7',
    io,
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema }) => tidy(jsonSchema as JsonSchema, io),
  });
  const { [SHARED]: shared, ...named } = schemas as Record<string, JsonSchema>;
  const hoisted = (shared?.definitions ?? shared?.$defs ?? {}) as Record<string, JsonSchema>;
  // The draft-07 `$schema` and `$id` of each component would only repeat where it sits.
  const components = Object.fromEntries(
    Object.entries({ ...hoisted, ...named }).map(([name, schema]) => {
      const { $schema: _draft, $id: _id, ...rest } = schema;
      return [name, rest];
    }),
  );
  // Schemas named elsewhere become components of their own, under their name.
  return JSON.parse(JSON.stringify(components).replace(SHARED_REF, '#/components/schemas/')) as Record<
    string,
    JsonSchema
  >;
}

/**
 * Every schema the realtime document names, converted from the zod schemas the server and clients use:
 * what the server sends (entities, event payloads, acks) as it leaves the server, and what a client
 * sends (the watch payloads, the handshake) as the server accepts it.
 */
export function realtimeSchemas(): Record<string, JsonSchema> {
  const sent = z.registry<{ id: string }>();
  const received = z.registry<{ id: string }>();
  const name = (registry: typeof sent, schema: z.ZodType, id: string) => {
    if (!registry.has(schema)) registry.add(schema, { id });
  };
  for (const [id, schema] of Object.entries(ENTITIES)) name(sent, schema, id);
  for (const event of Object.keys(SERVER_EVENTS) as ServerEventName[]) {
    name(sent, SERVER_EVENTS[event], SERVER_PAYLOADS[event]);
  }
  name(received, handshakeAuthSchema, 'HandshakeAuth');
  for (const event of Object.keys(CLIENT_EVENTS) as ClientEventName[]) {
    name(received, CLIENT_EVENTS[event].payload, CLIENT_SCHEMAS[event].payload);
    name(sent, CLIENT_EVENTS[event].ack, CLIENT_SCHEMAS[event].ack);
  }
  return { ...convert(sent, 'output'), ...convert(received, 'input') };
}
