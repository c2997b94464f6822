import type http from 'node:http';
import { Server } from 'socket.io';
import { createClient, type RedisClientType } from 'redis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { listingRoom, userRoom, type Ack } from '../../src-common/events';
import type { TokenPayload } from '../../src-common/schemas/user';
import { verifySessionToken } from '../lib/tokens';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ListingIndex } from '../read-models/listing-index';
import type { RealtimeServer } from './publish';

interface SocketData {
  user: TokenPayload | null;
}

export interface Realtime {
  io: RealtimeServer;
  close(): Promise<void>;
}

function toListingId(payload: unknown): number | null {
  const id = Number((payload as { listingId?: unknown } | null)?.listingId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Socket.IO on the HTTP server's port: handshake auth, personal rooms, listing rooms, optional Redis. */
export async function createRealtime(
  server: http.Server,
  config: Config,
  logger: Logger,
  listings: ListingIndex,
): Promise<Realtime> {
  let redis: RedisClientType | null = null;
  let adapter: ReturnType<typeof createAdapter> | undefined;
  if (config.REDIS_URL) {
    redis = createClient({ url: config.REDIS_URL });
    redis.on('error', (err) => logger.error({ err }, 'redis'));
    await redis.connect();
    adapter = createAdapter(redis);
  }

  const io: RealtimeServer = new Server(server, {
    serveClient: false,
    perMessageDeflate: false,
    adapter,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
  });

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const data = socket.data as SocketData;
    if (token === undefined || token === null || token === '') {
      data.user = null;
      return next();
    }
    const check = typeof token === 'string' ? verifySessionToken(token, config.JWT_SECRET) : null;
    if (!check?.ok) return next(new Error('invalid_token'));
    data.user = check.payload;
    next();
  });

  io.on('connection', (socket) => {
    const { user } = socket.data as SocketData;
    // A recovered socket already has its rooms back.
    if (user && !socket.recovered) socket.join(userRoom(user.id));

    socket.on('listing:watch', async (payload, ack) => {
      const reply: (r: Ack) => void = typeof ack === 'function' ? ack : () => undefined;
      const id = toListingId(payload);
      if (!id) return reply({ ok: false, error: 'listingId must be a positive integer' });
      if (!listings.get(id)) return reply({ ok: false, error: 'Listing not found' });
      await socket.join(listingRoom(id));
      reply({ ok: true });
    });

    socket.on('listing:unwatch', async (payload, ack) => {
      const id = toListingId(payload);
      if (id) await socket.leave(listingRoom(id));
      if (typeof ack === 'function')
        ack(id ? { ok: true } : { ok: false, error: 'listingId must be a positive integer' });
    });
  });

  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
