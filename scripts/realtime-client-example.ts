import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../src-common/events';

/**
 * A minimal bot for the marketplace's realtime API (docs/realtime.md):
 *   node --import tsx scripts/realtime-client-example.ts --url http://localhost:3000 [--token JWT] [--watch ID]
 * It prints new and changed listings, the offers on a watched listing and, with a token, your
 * notifications. It keeps the newest version of each listing, as every client should.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const url = arg('url') ?? 'http://localhost:3000';
const token = arg('token');
const watch = arg('watch') ? Number(arg('watch')) : undefined;

const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
  transports: ['websocket'],
  auth: token ? { token } : {},
});

/** The version rule: keep an update only if it is newer than what we hold; never revive a deleted id. */
const versions = new Map<number, number>();
const deleted = new Set<number>();
function isNewer(id: number, version: number): boolean {
  if (deleted.has(id) || (versions.get(id) ?? 0) >= version) return false;
  versions.set(id, version);
  return true;
}

socket.on('connect', async () => {
  console.log(`connected to ${url}${socket.recovered ? ' (recovered missed events)' : ''}`);
  if (watch && !socket.recovered)
    console.log('watch', watch, await socket.emitWithAck('listing:watch', { listingId: watch }));
});
socket.on('connect_error', (err) => {
  console.error(`connection refused: ${err.message}`);
  if (err.message === 'invalid_token') process.exit(1);
});
socket.on('disconnect', (reason) => console.log(`disconnected (${reason}); reconnecting...`));

socket.on('listing:created', ({ listing }) => {
  if (isNewer(listing.id, listing.version))
    console.log(
      `new   #${listing.id} ${listing.type} ${listing.quantity} x ${listing.item} by ${listing.seller}`,
    );
});
socket.on('listing:updated', ({ listing }) => {
  if (isNewer(listing.id, listing.version)) console.log(`edit  #${listing.id} now v${listing.version}`);
});
socket.on('listing:deleted', ({ id }) => {
  deleted.add(id);
  console.log(`gone  #${id}`);
});
socket.on('offer:created', ({ offer }) =>
  console.log(`offer #${offer.id} ${offer.offer_amount}c by ${offer.username}`),
);
socket.on('offer:updated', ({ offer }) => console.log(`offer #${offer.id} is ${offer.status}`));
socket.on('offer:deleted', ({ id }) => console.log(`offer #${id} cancelled`));
socket.on('notification', (n) => console.log(`notice: ${n.message}`));

process.on('SIGINT', () => {
  socket.close();
  process.exit(0);
});
