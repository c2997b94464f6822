import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import type { ClientToServerEvents, MarketWatchAck, ServerToClientEvents } from '../../src-common/events';
import { useSession } from './session';

/**
 * The one Socket.IO connection of the page (realtime contract in docs/realtime.md). It follows the session
 * token, keeps the listing rooms the open views watch, and tells the views to refetch when a
 * reconnect could not recover the events missed while offline.
 */
type MarketSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type AnyHandler = (...args: never[]) => void;

/** "connecting" until the page's first connection, "reconnecting" when a connection it had was lost. */
export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export const useConnection = create<{ status: ConnectionStatus }>(() => ({ status: 'connecting' }));

const setStatus = (status: ConnectionStatus) => useConnection.setState({ status });

let socket: MarketSocket | null = null;
let started = false;
let connectedBefore = false;
const trying = (): ConnectionStatus => (connectedBefore ? 'reconnecting' : 'connecting');
const handlers = new Map<EventName, Set<AnyHandler>>();
/** Listing id -> how many open views watch it. */
const watched = new Map<number, number>();
/** Item name -> the open views watching its market, each told the book the (re)join's ack carries. */
const watchedItems = new Map<string, Set<(ack: MarketWatchAck) => void>>();
const resyncs = new Set<() => void>();
const connectHooks = new Set<() => void>();
const refusalHooks = new Set<() => void>();

const ignoreAck = () => undefined;

function attach(target: MarketSocket, event: EventName, handler: AnyHandler) {
  (target.on as (event: string, handler: AnyHandler) => void)(event, handler);
}

function detach(target: MarketSocket, event: EventName, handler: AnyHandler) {
  (target.off as (event: string, handler: AnyHandler) => void)(event, handler);
}

let generation = 0;

/** The client library loads on demand: the first paint of a page does not wait for it. */
async function open(token: string | null) {
  const mine = ++generation;
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
    socket = null;
  }
  setStatus(trying());
  const { io } = await import('socket.io-client');
  // A newer token arrived while the library loaded.
  if (mine !== generation) return;
  const next: MarketSocket = io({ auth: token ? { token } : {}, transports: ['websocket'], forceNew: true });
  socket = next;

  next.on('connect', () => {
    setStatus('live');
    // Joining a room twice is harmless, and a room asked for while offline is not in a recovered session.
    for (const listingId of watched.keys()) next.emit('listing:watch', { listingId }, ignoreAck);
    for (const item of watchedItems.keys()) joinMarket(next, item);
    for (const hook of connectHooks) hook();
    if (!next.recovered && connectedBefore) for (const resync of resyncs) resync();
    connectedBefore = true;
  });
  next.on('disconnect', (reason) => {
    // The server ends a socket whose token expired or whose session ended (docs/realtime.md). Connect
    // again with the token held now: a new one (password change) works, an ended one is refused below
    // and the socket carries on as a visitor's.
    if (reason === 'io server disconnect') {
      const current = useSession.getState().token;
      next.auth = current ? { token: current } : {};
      next.connect();
    }
    setStatus(next.active ? trying() : 'offline');
  });
  next.on('connect_error', (err) => {
    if (err.message === 'invalid_token') {
      // The server no longer takes the session's token (it expired, or the account's sessions were ended
      // elsewhere): the page is told at once, and public events still flow meanwhile.
      const refused = (next.auth as { token?: string }).token;
      next.auth = {};
      next.connect();
      if (refused && refused === useSession.getState().token) for (const hook of refusalHooks) hook();
      return;
    }
    setStatus(next.active ? trying() : 'offline');
  });
  for (const [event, set] of handlers) for (const handler of set) attach(next, event, handler);
}

/** Opens the connection once for the page; later calls do nothing. */
export function startSocket(): void {
  if (started) return;
  started = true;
  void open(useSession.getState().token);
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) void open(state.token);
  });
  window.addEventListener('offline', () => setStatus('offline'));
  window.addEventListener('online', () => {
    if (socket?.connected) setStatus('live');
    else socket?.connect();
  });
}

/** Subscribes to a server event for the page's lifetime, across reconnects and token changes. */
export function onServerEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  const set = handlers.get(event) ?? new Set<AnyHandler>();
  handlers.set(event, set);
  set.add(handler);
  if (socket) attach(socket, event, handler);
  return () => {
    set.delete(handler);
    if (socket) detach(socket, event, handler);
  };
}

/** Joins a listing's room (offer events) while the returned function has not been called. */
export function watchListing(listingId: number): () => void {
  watched.set(listingId, (watched.get(listingId) ?? 0) + 1);
  if (socket?.connected) socket.emit('listing:watch', { listingId }, ignoreAck);
  return () => {
    const count = (watched.get(listingId) ?? 1) - 1;
    if (count > 0) {
      watched.set(listingId, count);
      return;
    }
    watched.delete(listingId);
    if (socket?.connected) socket.emit('listing:unwatch', { listingId });
  };
}

/** Whether an open view watches the listing (and so shows its offers). */
export const watchesListing = (listingId: number): boolean => watched.has(listingId);

function joinMarket(target: MarketSocket, item: string) {
  target.emit('market:watch', { item }, (ack) => {
    for (const onAck of watchedItems.get(item) ?? []) onAck(ack);
  });
}

/**
 * Joins an item's market room (market:book, market:trade) while the returned function has not been
 * called. `onAck` gets each join's answer: the book then, so a rejoin after a reconnect also resyncs it.
 */
export function watchMarketItem(item: string, onAck: (ack: MarketWatchAck) => void): () => void {
  const views = watchedItems.get(item) ?? new Set();
  watchedItems.set(item, views);
  views.add(onAck);
  if (socket?.connected) joinMarket(socket, item);
  return () => {
    views.delete(onAck);
    if (views.size > 0) return;
    watchedItems.delete(item);
    if (socket?.connected) socket.emit('market:unwatch', { item });
  };
}

/** Runs after every connection and reconnection (a feature asks again for the rooms it needs). */
export function onConnect(hook: () => void): () => void {
  connectHooks.add(hook);
  return () => connectHooks.delete(hook);
}

/** Sends a client event now if connected; false when not (an onConnect hook sends it later). */
export function emitIfConnected<E extends keyof ClientToServerEvents>(
  event: E,
  ...args: Parameters<ClientToServerEvents[E]>
): boolean {
  if (!socket?.connected) return false;
  (socket.emit as (event: E, ...rest: Parameters<ClientToServerEvents[E]>) => void)(event, ...args);
  return true;
}

/** Runs when the server refuses the session's token to the socket: the session has ended. */
export function onSessionRefused(hook: () => void): () => void {
  refusalHooks.add(hook);
  return () => refusalHooks.delete(hook);
}

/** Registers a refetch to run after a reconnect that lost events. */
export function onResync(refetch: () => void): () => void {
  resyncs.add(refetch);
  return () => resyncs.delete(refetch);
}
