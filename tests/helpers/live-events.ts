import { io, type Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, ServerToClientEvents } from '../../src-common/events';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface LiveClient {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  /** The next payload of `event` that matches; subscribe before causing it. */
  next<E extends EventName>(
    event: E,
    match?: (payload: Payload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<Payload<E>>;
  watch(listingId: number): Promise<Ack>;
  close(): void;
}

/** A real socket.io-client connection to a test server, anonymous unless a token is given. */
export async function connectLive(url: string, token?: string): Promise<LiveClient> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    next(event, match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          socket.off(event, handler as never);
          reject(new Error(`no ${event} event within ${timeoutMs} ms`));
        }, timeoutMs);
        const handler = (payload: Payload<typeof event>) => {
          if (!match(payload)) return;
          clearTimeout(timer);
          socket.off(event, handler as never);
          resolve(payload);
        };
        socket.on(event, handler as never);
      });
    },
    watch: (listingId) => new Promise((resolve) => socket.emit('listing:watch', { listingId }, resolve)),
    close: () => void socket.close(),
  };
}

/** Runs `run` with a live client per token (undefined: anonymous), and closes them all when it ends. */
export async function withLive<T>(
  url: string,
  tokens: (string | undefined)[],
  run: (clients: LiveClient[]) => Promise<T>,
): Promise<T> {
  const clients = await Promise.all(tokens.map((token) => connectLive(url, token)));
  try {
    return await run(clients);
  } finally {
    for (const client of clients) client.close();
  }
}
