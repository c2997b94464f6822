import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '../../src-common/schemas/realtime';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { connectSocket, nextEvent, watchListing, type MarketSocket } from '../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { acceptOffer, postOffer } from '../../tests/helpers/trade-fixture';

let server: TestServer;
let api: ReturnType<typeof http>;
let seller: TestUser;
let buyer: TestUser;
let outbid: TestUser;
const sockets: MarketSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  [seller, buyer, outbid] = await Promise.all([
    createUser(server.config),
    createUser(server.config),
    createUser(server.config),
  ]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.stop();
});

async function connect(token: string) {
  const socket = await connectSocket(server.url, token);
  sockets.push(socket);
  return socket;
}

/** Every event the socket receives from now on, in order, as `name` or `name kind` for a notification. */
function eventLog(socket: MarketSocket): string[] {
  const log: string[] = [];
  socket.onAny((event: string, payload: { kind?: string; offer?: { status: string } }) => {
    if (event === 'notification') log.push(`notification ${payload.kind}`);
    else if (payload.offer) log.push(`${event} ${payload.offer.status}`);
    else log.push(event);
  });
  return log;
}

describe('GET /api/asyncapi.json', () => {
  it('is the AsyncAPI 3.0 document of every event, readable from any origin', async () => {
    const res = await api.get<{
      asyncapi: string;
      servers: { market: { host: string } };
      components: { messages: Record<string, { name: string }> };
    }>('/api/asyncapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.body.asyncapi).toBe('3.0.0');
    expect(res.body.servers.market.host).toBe(new URL(server.config.PUBLIC_URL).host);
    const names = Object.values(res.body.components.messages).map((message) => message.name);
    expect(names).toEqual(
      expect.arrayContaining([...Object.keys(SERVER_EVENTS), ...Object.keys(CLIENT_EVENTS)]),
    );
  });
});

describe('GET /api/docs/realtime', () => {
  it('renders the document as a page without scripts, linked from the REST reference', async () => {
    const page = await api.get<string>('/api/docs/realtime');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*style-src 'sha256-/);
    expect(page.body).not.toContain('<script');
    for (const event of [...Object.keys(SERVER_EVENTS), ...Object.keys(CLIENT_EVENTS)]) {
      expect(page.body).toContain(`<code>${event}</code></h3>`);
    }
    expect(page.body).toContain('href="/api/asyncapi.json"');
    const openapi = await api.get<{ info: { description: string } }>('/api/openapi.json');
    expect(openapi.body.info.description).toContain('(/api/docs/realtime)');
  });
});

describe("an accept's events", () => {
  it('reach the buyers with every live event of the change before its notifications', async () => {
    const listing = await postListing(server.url, seller.token, { quantity: 2 });
    const accepted = await postOffer(server.url, buyer.token, {
      listing_id: listing.id,
      offer_amount: 400,
      quantity: 2,
    });
    const unfit = await postOffer(server.url, outbid.token, {
      listing_id: listing.id,
      offer_amount: 300,
      quantity: 1,
    });
    const buyerSocket = await connect(buyer.token);
    const outbidSocket = await connect(outbid.token);
    for (const socket of [buyerSocket, outbidSocket]) {
      expect(await watchListing(socket, listing.id)).toEqual({ ok: true });
    }
    expect((await buyerSocket.emitWithAck('market:watch', { item: TEST_ITEMS.plain })).ok).toBe(true);
    const buyerLog = eventLog(buyerSocket);
    const outbidLog = eventLog(outbidSocket);
    const told = Promise.all([
      nextEvent(buyerSocket, 'notification', (n) => n.offerId === accepted.id),
      nextEvent(outbidSocket, 'notification', (n) => n.offerId === unfit.id),
    ]);

    await acceptOffer(server.url, accepted.id, seller);
    const [toBuyer, toOutbid] = await told;

    expect(toBuyer.kind).toBe('offer_accepted');
    expect(toOutbid).toMatchObject({
      kind: 'offer_rejected',
      message: expect.stringMatching(/Sold to another offer$/),
    });
    // market:book is coalesced and may come at any point after the trade: it is not part of this order.
    const ordered = (log: string[]) => log.filter((event) => event !== 'market:book');
    expect(ordered(buyerLog)).toEqual([
      'offer:updated accepted',
      'listing:updated',
      'market:trade',
      'offer:updated rejected',
      'notification offer_accepted',
    ]);
    expect(ordered(outbidLog)).toEqual([
      'offer:updated accepted',
      'listing:updated',
      'offer:updated rejected',
      'notification offer_rejected',
    ]);
  });
});

/**
 * A client that speaks Engine.IO and Socket.IO by hand, as a bot in another language sees the wire:
 * `42[event, ...arguments]` for an event, `43<id>[...arguments]` for an acknowledgement.
 */
async function rawClient(token: string) {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const packets: string[] = [];
  const waiting: { match: (packet: string) => boolean; resolve: (packet: string) => void }[] = [];
  ws.on('message', (data) => {
    const packet = data.toString();
    if (packet === '2') return ws.send('3');
    const waiter = waiting.find((w) => w.match(packet));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(packet);
    } else packets.push(packet);
  });
  const next = (match: (packet: string) => boolean) =>
    new Promise<string>((resolve) => {
      const seen = packets.find(match);
      if (seen) return resolve(seen);
      waiting.push({ match, resolve });
    });
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(`40${JSON.stringify({ token })}`);
  await next((packet) => packet.startsWith('40'));
  return { ws, next };
}

describe('the trailing offset argument', () => {
  it('follows the payload of every event sent to a room or to everyone, and never an acknowledgement', async () => {
    const client = await rawClient(buyer.token);
    try {
      const listing = await postListing(server.url, seller.token);
      const created = await client.next((packet) => packet.startsWith('42["listing:created"'));
      const [, payload, offset] = JSON.parse(created.slice(2)) as [
        string,
        { listing: { id: number } },
        unknown,
      ];
      expect(JSON.parse(created.slice(2))).toHaveLength(3);
      expect(payload.listing.id).toBe(listing.id);
      expect(typeof offset).toBe('string');

      client.ws.send(`427${JSON.stringify(['listing:watch', { listingId: listing.id }])}`);
      const ack = await client.next((packet) => packet.startsWith('437'));
      expect(JSON.parse(ack.slice(3))).toEqual([{ ok: true }]);

      await postOffer(server.url, outbid.token, { listing_id: listing.id, offer_amount: 100 });
      const offer = await client.next((packet) => packet.startsWith('42["offer:created"'));
      expect(JSON.parse(offer.slice(2))).toEqual(['offer:created', expect.any(Object), expect.any(String)]);
    } finally {
      client.ws.close();
    }
  });
});
