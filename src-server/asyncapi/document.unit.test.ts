import { Parser, type AsyncAPIDocumentInterface, type Diagnostic } from '@asyncapi/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '../../src-common/schemas/realtime';
import { listingSchema } from '../../src-common/schemas/listing';
import { buildAsyncApiDocument } from './document';

const document = buildAsyncApiDocument('1.2.3', 'https://market.example');
let parsed: AsyncAPIDocumentInterface;
let diagnostics: Diagnostic[];

// The parser runs Spectral's rule set over the document: seconds on a busy machine, so once.
beforeAll(async () => {
  const result = await new Parser().parse(JSON.stringify(document));
  diagnostics = result.diagnostics;
  parsed = result.document!;
}, 120_000);

describe('the AsyncAPI document of the realtime API', () => {
  it('is a valid AsyncAPI 3.0 document, without errors or warnings', () => {
    // Severity 0 is an error, 1 a warning; hints (2, 3) are style advice.
    expect(
      diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.path.join('.')}: ${d.message}`),
    ).toEqual([]);
    expect(parsed.version()).toBe('3.0.0');
    expect(parsed.servers().get('market')?.url()).toBe('wss://market.example/socket.io/');
  });

  it('has a message for every event, the server sends and the clients send, with its payload', () => {
    const names = parsed
      .allMessages()
      .all()
      .map((message) => message.name());
    expect(names).toEqual(expect.arrayContaining(Object.keys(SERVER_EVENTS)));
    expect(names).toEqual(expect.arrayContaining(Object.keys(CLIENT_EVENTS)));
    for (const event of Object.keys(CLIENT_EVENTS)) {
      const operation = parsed
        .operations()
        .all()
        .find((op) => op.messages().all()[0]?.name() === event);
      expect(operation?.isSend(), event).toBe(true);
      expect(operation?.reply()?.messages().all()[0]?.name()).toBe(`${event} ack`);
    }
    const created = parsed
      .operations()
      .all()
      .find((op) => op.messages().all()[0]?.name() === 'listing:created');
    expect(created?.isReceive()).toBe(true);
    expect(created?.channels().all()[0]?.address()).toBe('/');
  });

  it("receives the offer events in the listing's room and in their maker's room", () => {
    for (const event of ['offer:created', 'offer:updated', 'offer:deleted']) {
      const rooms = parsed
        .operations()
        .all()
        .filter((op) => op.isReceive() && op.messages().all()[0]?.name() === event)
        .map((op) => op.channels().all()[0]?.address());
      expect(rooms, event).toEqual(['listing:{listingId}', 'user:{userId}']);
    }
    const notification = parsed
      .operations()
      .all()
      .filter((op) => op.messages().all()[0]?.name() === 'notification');
    expect(notification.map((op) => op.channels().all()[0]?.address())).toEqual(['user:{userId}']);
  });

  it('converts the payloads from the zod schemas that the server and the clients use', () => {
    const { schemas } = document.components;
    expect(schemas.ListingEvent).toEqual({
      type: 'object',
      properties: { listing: { $ref: '#/components/schemas/Listing' } },
      required: ['listing'],
    });
    expect(Object.keys(schemas.Listing.properties as object)).toEqual(Object.keys(listingSchema.shape));
    expect(schemas.Listing.required).toEqual(expect.arrayContaining(['id', 'version', 'updatedAt']));
    // A schema named elsewhere (`.meta({ id })`) is a component of its own, not a dangling pointer.
    expect(JSON.stringify(document)).not.toContain('__shared');
    expect(schemas.UsersRequest).toMatchObject({
      properties: { userIds: { type: 'array', maxItems: 200 } },
    });
  });

  it('says which events carry the trailing offset argument', () => {
    const { messages } = document.components;
    expect(messages.listingUpdated['x-trailing-offset']).toBe('always');
    expect(messages.marketBook['x-trailing-offset']).toBe('single process only');
    expect(messages.listingWatchAck['x-trailing-offset']).toBe('never');
    expect(document.info.description).toContain('*_offset');
  });
});
