import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../src-common/events';

export type MarketSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io-client connection; resolves once connected, rejects with the connect_error. */
export function connectSocket(url: string, token?: string): Promise<MarketSocket> {
  const socket: MarketSocket = io(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** The next `event` on the socket that satisfies `match`. */
export function nextEvent<E extends EventName>(
  socket: MarketSocket,
  event: E,
  match: (payload: Payload<E>) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: Payload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler as never);
      resolve(payload);
    };
    socket.on(event, handler as never);
  });
}

/** Collects every `event` the socket receives, for asserting that something did NOT arrive. */
export function recordEvents<E extends EventName>(socket: MarketSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  socket.on(event, ((payload: Payload<E>) => seen.push(payload)) as never);
  return seen;
}

export function watchListing(socket: MarketSocket, listingId: number) {
  return socket.emitWithAck('listing:watch', { listingId });
}
