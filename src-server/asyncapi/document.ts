import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  type ClientEventName,
  type ServerEventName,
} from '../../src-common/schemas/realtime';
import { CLIENT_EVENT_DOCS, ROOMS, SERVER_EVENT_DOCS, type RoomName } from './events';
import { REALTIME_OVERVIEW } from './overview';
import { CLIENT_SCHEMAS, SERVER_PAYLOADS, realtimeSchemas, schemaRef, type JsonSchema } from './schemas';

type Ref = { $ref: string };

export interface AsyncApiMessage {
  name: string;
  title: string;
  summary: string;
  description?: string;
  contentType: 'application/json';
  payload: Ref;
  /** Whether the server appends the connection-state-recovery offset after the payload. */
  'x-trailing-offset': 'always' | 'single process only' | 'never';
}

export interface AsyncApiChannel {
  address: string | null;
  title: string;
  description: string;
  messages: Record<string, Ref>;
  parameters?: Record<string, { description: string }>;
}

export interface AsyncApiOperation {
  action: 'send' | 'receive';
  channel: Ref;
  title: string;
  summary: string;
  description?: string;
  messages: Ref[];
  reply?: { channel: Ref; messages: Ref[] };
  /** Client-to-server events: the room the event joins or leaves. */
  'x-room'?: Ref;
  /** Whether a client may leave the acknowledgement callback out. */
  'x-ack-optional'?: boolean;
  /** The `error` texts of a refusal in the acknowledgement. */
  'x-errors'?: string[];
}

/** The AsyncAPI 3.0 document of the realtime API, as far as this module fills it in. */
export interface AsyncApiDocument {
  asyncapi: '3.0.0';
  info: { title: string; version: string; description: string };
  defaultContentType: 'application/json';
  servers: Record<
    string,
    { host: string; protocol: string; pathname: string; title: string; description: string }
  >;
  channels: Record<string, AsyncApiChannel>;
  operations: Record<string, AsyncApiOperation>;
  components: { schemas: Record<string, JsonSchema>; messages: Record<string, AsyncApiMessage> };
}

/** The acknowledgements' channel: the callback of an emit, not a room. */
const ACKS = 'acknowledgements';

/** `listing:created` -> `listingCreated`: message and operation ids allow no colon. */
const camel = (event: string) =>
  event.replace(/[:_-](\w)/g, (_whole, letter: string) => letter.toUpperCase());
const ackId = (event: ClientEventName) => `${camel(event)}Ack`;

const messageRef = (id: string) => ({ $ref: `#/components/messages/${id}` });
const channelRef = (channel: string) => ({ $ref: `#/channels/${channel}` });
const channelMessageRef = (channel: string, id: string) => ({
  $ref: `#/channels/${channel}/messages/${id}`,
});

/** An operation has one channel: an event sent to several rooms is received in each, its first room first. */
const roomsOf = (event: ServerEventName): RoomName[] => {
  const { room, alsoTo = [] } = SERVER_EVENT_DOCS[event];
  return [room, ...alsoTo];
};

function serverMessage(event: ServerEventName): AsyncApiMessage {
  const doc = SERVER_EVENT_DOCS[event];
  return {
    name: event,
    title: event,
    summary: doc.summary,
    description: doc.description,
    contentType: 'application/json',
    payload: schemaRef(SERVER_PAYLOADS[event]),
    'x-trailing-offset': doc.offset,
  };
}

function clientMessages(event: ClientEventName): Record<string, AsyncApiMessage> {
  const doc = CLIENT_EVENT_DOCS[event];
  const errors = doc.errors.map((error) => `\`${error}\``).join(', ');
  return {
    [camel(event)]: {
      name: event,
      title: event,
      summary: doc.summary,
      contentType: 'application/json',
      payload: schemaRef(CLIENT_SCHEMAS[event].payload),
      'x-trailing-offset': 'never',
    },
    [ackId(event)]: {
      name: `${event} ack`,
      title: `${event} acknowledgement`,
      summary: `The answer to \`${event}\`, through its acknowledgement callback`,
      description: `A refusal's \`error\` is one of ${errors}.`,
      contentType: 'application/json',
      payload: schemaRef(CLIENT_SCHEMAS[event].ack),
      'x-trailing-offset': 'never',
    },
  };
}

function channels(): Record<string, AsyncApiChannel> {
  const result: Record<string, AsyncApiChannel> = {};
  for (const [room, doc] of Object.entries(ROOMS) as [RoomName, (typeof ROOMS)[RoomName]][]) {
    result[room] = {
      address: doc.address,
      title: doc.title,
      description: doc.description,
      messages: {},
      ...(doc.parameter
        ? { parameters: { [doc.parameter.name]: { description: doc.parameter.description } } }
        : {}),
    };
  }
  result[ACKS] = {
    address: null,
    title: 'Acknowledgements',
    description:
      'Not a room: what the server answers through the acknowledgement callback of a client-to-server event, to that socket alone.',
    messages: {},
  };
  for (const event of Object.keys(SERVER_EVENTS) as ServerEventName[]) {
    for (const room of roomsOf(event)) result[room].messages[camel(event)] = messageRef(camel(event));
  }
  for (const event of Object.keys(CLIENT_EVENTS) as ClientEventName[]) {
    result.everyone.messages[camel(event)] = messageRef(camel(event));
    result[ACKS].messages[ackId(event)] = messageRef(ackId(event));
  }
  return result;
}

function operations(): Record<string, AsyncApiOperation> {
  const result: Record<string, AsyncApiOperation> = {};
  for (const event of Object.keys(SERVER_EVENTS) as ServerEventName[]) {
    const [room, ...others] = roomsOf(event);
    const receive = (channel: RoomName): AsyncApiOperation => ({
      action: 'receive',
      channel: channelRef(channel),
      title: event,
      summary: SERVER_EVENT_DOCS[event].summary,
      messages: [channelMessageRef(channel, camel(event))],
    });
    result[`receive${camel(`-${event}`)}`] = receive(room);
    for (const other of others) result[`receive${camel(`-${event}-in-${other}`)}`] = receive(other);
  }
  for (const event of Object.keys(CLIENT_EVENTS) as ClientEventName[]) {
    const doc = CLIENT_EVENT_DOCS[event];
    result[`send${camel(`-${event}`)}`] = {
      action: 'send',
      channel: channelRef('everyone'),
      title: event,
      summary: doc.summary,
      description: doc.description,
      messages: [channelMessageRef('everyone', camel(event))],
      reply: { channel: channelRef(ACKS), messages: [channelMessageRef(ACKS, ackId(event))] },
      'x-room': channelRef(doc.room),
      'x-ack-optional': CLIENT_EVENTS[event].ackOptional,
      'x-errors': doc.errors,
    };
  }
  return result;
}

/**
 * The AsyncAPI 3.0 document of the realtime API (GET /api/asyncapi.json): the rooms as channels, every
 * event as a message whose payload is converted from its zod schema (src-common/schemas/realtime.ts),
 * each event as an operation (client-to-server ones with their acknowledgement as the reply).
 */
export function buildAsyncApiDocument(version: string, publicUrl: string): AsyncApiDocument {
  const url = new URL(publicUrl);
  const messages: Record<string, AsyncApiMessage> = {};
  for (const event of Object.keys(SERVER_EVENTS) as ServerEventName[]) {
    messages[camel(event)] = serverMessage(event);
  }
  for (const event of Object.keys(CLIENT_EVENTS) as ClientEventName[]) {
    Object.assign(messages, clientMessages(event));
  }
  return {
    asyncapi: '3.0.0',
    info: { title: 'Brighter Shores Market realtime API', version, description: REALTIME_OVERVIEW },
    defaultContentType: 'application/json',
    servers: {
      market: {
        host: url.host,
        protocol: url.protocol === 'https:' ? 'wss' : 'ws',
        pathname: '/socket.io/',
        title: 'The marketplace',
        description:
          'Socket.IO v4 (Engine.IO protocol 4), default namespace `/`, on the same origin as the REST API.',
      },
    },
    channels: channels(),
    operations: operations(),
    components: { schemas: realtimeSchemas(), messages },
  };
}
