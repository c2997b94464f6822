// #region client
import createClient from 'openapi-fetch';
import { io, type Socket } from 'socket.io-client';
import type { components, paths } from './generated/marketplace-api';
// #endregion

/**
 * An example bot for the marketplace's public API, written as a bot author outside this repository
 * would: REST through openapi-fetch over types that openapi-typescript generated from /api/openapi.json
 * (`npx openapi-typescript http://localhost:3000/api/openapi.json -o scripts/examples/generated/marketplace-api.d.ts`,
 * or scripts/examples/generate-clients.ts), live events through socket.io-client (docs/realtime.md).
 *   BSM_TOKEN=bsm_pat_... node --import tsx scripts/examples/realtime-bot.ts --url http://localhost:3000 \
 *     (--watch LISTING_ID | --item "Item Name") [--offer COPPER] [--quantity N]
 * It connects with a personal access token (Settings -> API tokens; from the environment, so it never
 * shows in the process list) and watches a listing: the one given, or with `--item` the cheapest sell
 * listing of that item with enough left, waiting for one to be posted if there is none. It prints every
 * live event about it and with `--offer` makes an offer of that many copper for the quantity (the token
 * needs the `trade` scope; notifications need `read`). It keeps the newest version of each listing and
 * offer, as every client should. scripts/examples/python_bot.py is the same bot in Python and prints the
 * same lines. The #region marks are the excerpts the site's "Build a bot" guide shows (/guides/build-a-bot).
 */
// #region client
type Listing = components['schemas']['Listing'];
type Offer = components['schemas']['Offer'];
type Notification =
  paths['/api/notifications']['get']['responses'][200]['content']['application/json'][number];
type WatchAck = { ok: true } | { ok: false; error: string };

/** The events this bot uses; docs/realtime.md and /api/asyncapi.json describe them all. */
interface ServerEvents {
  'listing:created': (payload: { listing: Listing }) => void;
  'listing:updated': (payload: { listing: Listing }) => void;
  'listing:deleted': (payload: { id: number }) => void;
  'offer:created': (payload: { offer: Offer }) => void;
  'offer:updated': (payload: { offer: Offer }) => void;
  'offer:deleted': (payload: { id: number; listing_id: number }) => void;
  notification: (payload: Notification) => void;
}
interface ClientEvents {
  'listing:watch': (payload: { listingId: number }, ack: (answer: WatchAck) => void) => void;
}
// #endregion

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const url = arg('url') ?? 'http://localhost:3000';
const token = process.env.BSM_TOKEN || undefined;
/** A catalogue name, as `GET /api/listings?item=` takes it; the server answers 400 for any other. */
const item = arg('item') as NonNullable<paths['/api/listings']['get']['parameters']['query']>['item'];
const offer = arg('offer') ? Number(arg('offer')) : undefined;
const quantity = arg('quantity') ? Number(arg('quantity')) : undefined;
/** The listing watched: given with --watch, or found for --item. */
let target = arg('watch') ? Number(arg('watch')) : undefined;
if (item === undefined && !(Number.isInteger(target) && target! > 0)) {
  console.error(
    'usage: realtime-bot.ts --url URL (--watch LISTING_ID | --item NAME) [--offer COPPER] [--quantity N]',
  );
  process.exit(2);
}

// #region client
const api = createClient<paths>({
  baseUrl: url,
  headers: token ? { authorization: `Bearer ${token}` } : {},
});
const socket: Socket<ServerEvents, ClientEvents> = io(url, {
  transports: ['websocket'],
  auth: token ? { token } : {},
});
// #endregion

// #region find
/** A sell listing of the item that can fill the offer's quantity. */
const fits = (listing: Listing) =>
  listing.item === item && listing.type === 'sell' && listing.remainingQuantity >= (quantity ?? 1);

/** The cheapest fitting listing now on the market (`item` is the exact name filter), if any. */
async function findListing(): Promise<Listing | undefined> {
  const { data, error, response } = await api.GET('/api/listings', {
    params: { query: { item, type: 'sell', sort: 'asc' } },
  });
  if (error) throw new Error(`GET /api/listings answered ${response.status} ${error.code}: ${error.error}`);
  return data.find(fits);
}
// #endregion

// #region offer
async function makeOffer(listingId: number): Promise<void> {
  const { data, error, response } = await api.POST('/api/offers', {
    body: { listing_id: listingId, offer_amount: offer!, quantity },
  });
  if (data) console.log(`offer made #${data.id} ${offer}c for ${data.quantity}`);
  else console.log(`offer refused ${response.status} ${error.code}: ${error.error}`);
}
// #endregion

// #region watch
let offered = false;
async function watch(listingId: number): Promise<void> {
  const ack = await socket.emitWithAck('listing:watch', { listingId });
  console.log(ack.ok ? `watching #${listingId}` : `cannot watch #${listingId}: ${ack.error}`);
  if (ack.ok && offer !== undefined && !offered) {
    offered = true;
    await makeOffer(listingId);
  }
}

/** The first fitting listing, from the market or from the live feed, is the one the bot watches. */
function found(listing: Listing): Promise<void> {
  if (target !== undefined) return Promise.resolve();
  target = listing.id;
  console.log(`found #${listing.id} ${listing.price}c each, ${listing.remainingQuantity} left`);
  return watch(listing.id);
}

socket.on('connect', async () => {
  console.log('connected');
  // A recovered session is still in the listing's room; otherwise watch again (and refetch, in a real bot).
  if (socket.recovered) return;
  if (target !== undefined) return watch(target);
  const listing = await findListing();
  if (listing) return found(listing);
  if (target === undefined) console.log(`waiting for a sell listing of ${item}`);
});
socket.on('listing:created', ({ listing }) => {
  if (item !== undefined && fits(listing)) void found(listing);
});
// #endregion

// #region events
/** The version rule: keep an update only if it is newer than what we hold; never revive a deleted id. */
const versions = new Map<string, number>();
const deleted = new Set<string>();
function isNewer(key: string, version: number): boolean {
  if (deleted.has(key) || (versions.get(key) ?? 0) >= version) return false;
  versions.set(key, version);
  return true;
}

socket.on('listing:updated', ({ listing }) => {
  if (listing.id === target && isNewer(`listing:${listing.id}`, listing.version))
    console.log(`listing #${listing.id} ${listing.status}, ${listing.remainingQuantity} left`);
});
socket.on('listing:deleted', ({ id }) => {
  deleted.add(`listing:${id}`);
  if (id === target) console.log(`listing #${id} deleted`);
});
socket.on('offer:created', ({ offer: o }) => {
  if (isNewer(`offer:${o.id}`, o.version)) console.log(`offer #${o.id} ${o.offer_amount}c by ${o.username}`);
});
socket.on('offer:updated', ({ offer: o }) => {
  if (isNewer(`offer:${o.id}`, o.version)) console.log(`offer #${o.id} ${o.status}`);
});
socket.on('offer:deleted', ({ id }) => {
  deleted.add(`offer:${id}`);
  console.log(`offer #${id} cancelled`);
});
socket.on('notification', (n) => console.log(`notice ${n.kind}: ${n.message}`));
// #endregion

socket.on('connect_error', (err) => {
  console.error(`connection refused: ${err.message}`);
  if (err.message === 'invalid_token') process.exit(1);
});
socket.on('disconnect', (reason) => {
  console.log(`disconnected: ${reason}`);
  // The server ends a token's sockets when it is revoked; Socket.IO does not reconnect after that.
  if (reason === 'io server disconnect') process.exit(0);
});

process.on('SIGTERM', () => {
  socket.close();
  process.exit(0);
});
