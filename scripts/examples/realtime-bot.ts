import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src-common/events';

/**
 * An example bot for the marketplace's public API (docs/realtime.md, /api/docs):
 *   BSM_TOKEN=bsm_pat_... node --import tsx scripts/examples/realtime-bot.ts \
 *     --url http://localhost:3000 --watch 12 [--offer 5000] [--quantity 1]
 * It connects with a personal access token (Settings -> API tokens; from the environment, so it never
 * shows in the process list), watches a listing, prints every live event, and with `--offer` makes an
 * offer of that many copper (the token needs the `trade` scope; notifications need `read`). It keeps the
 * newest version of each listing and offer, as every client should. scripts/examples/python_bot.py is
 * the same bot in Python and prints the same lines.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const url = arg('url') ?? 'http://localhost:3000';
const token = process.env.BSM_TOKEN || undefined;
const watch = Number(arg('watch'));
const offer = arg('offer') ? Number(arg('offer')) : undefined;
const quantity = arg('quantity') ? Number(arg('quantity')) : undefined;
if (!Number.isInteger(watch) || watch <= 0) {
  console.error('usage: realtime-bot.ts --url URL --watch LISTING_ID [--offer COPPER] [--quantity N]');
  process.exit(2);
}

const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
  transports: ['websocket'],
  auth: token ? { token } : {},
});

/** The version rule: keep an update only if it is newer than what we hold; never revive a deleted id. */
const versions = new Map<string, number>();
const deleted = new Set<string>();
function isNewer(key: string, version: number): boolean {
  if (deleted.has(key) || (versions.get(key) ?? 0) >= version) return false;
  versions.set(key, version);
  return true;
}

async function makeOffer(): Promise<void> {
  const res = await fetch(`${url}/api/offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ listing_id: watch, offer_amount: offer, quantity }),
  });
  const body = (await res.json()) as { id?: number; quantity?: number; error?: string; code?: string };
  if (res.status === 201) console.log(`offer made #${body.id} ${offer}c for ${body.quantity}`);
  else console.log(`offer refused ${res.status} ${body.code}: ${body.error}`);
}

let offered = false;
socket.on('connect', async () => {
  console.log('connected');
  // A recovered session is still in the listing's room; otherwise watch again (and refetch, in a real bot).
  if (socket.recovered) return;
  const ack = await socket.emitWithAck('listing:watch', { listingId: watch });
  console.log(ack.ok ? `watching #${watch}` : `cannot watch #${watch}: ${ack.error}`);
  if (ack.ok && offer !== undefined && !offered) {
    offered = true;
    await makeOffer();
  }
});
socket.on('connect_error', (err) => {
  console.error(`connection refused: ${err.message}`);
  if (err.message === 'invalid_token') process.exit(1);
});
socket.on('disconnect', (reason) => {
  console.log(`disconnected: ${reason}`);
  // The server ends a token's sockets when it is revoked; Socket.IO does not reconnect after that.
  if (reason === 'io server disconnect') process.exit(0);
});

socket.on('listing:updated', ({ listing }) => {
  if (listing.id === watch && isNewer(`listing:${listing.id}`, listing.version))
    console.log(`listing #${listing.id} ${listing.status}, ${listing.remainingQuantity} left`);
});
socket.on('listing:deleted', ({ id }) => {
  deleted.add(`listing:${id}`);
  if (id === watch) console.log(`listing #${id} deleted`);
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

process.on('SIGTERM', () => {
  socket.close();
  process.exit(0);
});
