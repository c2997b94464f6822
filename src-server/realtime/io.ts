import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createClient, type RedisClientType } from 'redis';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { listingRoom, userRoom, type Ack, type MarketWatchAck } from '../../src-common/events';
import { REFUSALS } from '../../src-common/realtime-refusals';
import { marketRoom } from '../../src-common/schemas/market';
import type { TokenPayload } from '../../src-common/schemas/user';
import { authenticateToken, type Authentication } from '../services/accounts/authenticate';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { ListingIndex } from '../read-models/listing-index';
import type { MarketData } from '../read-models/market';
import type { SessionGenerations } from '../services/accounts/session-generations';
import type { PresenceService } from '../services/presence/presence';
import { handlePresenceWatch } from './presence-watch';
import { tokenRoom, type RealtimeServer } from './realtime-server';

interface SocketData {
  user: TokenPayload | null;
  /** The session generation of the socket's token, when it has one. */
  sessionVersion?: number;
  /** When the socket's token stops being accepted (ms since the epoch). */
  expiresAt?: number;
  /** The personal access token the socket connected with: revoking it drops the socket. */
  apiTokenId?: number;
}

/** setTimeout's longest delay; a token that outlives it is checked again when the timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Realtime {
  io: RealtimeServer;
  close(): Promise<void>;
}

/**
 * A socket lives no longer than its token: it is disconnected when the token expires, and the client
 * reconnects with its current token or as a visitor.
 */
function disconnectAtExpiry(socket: Socket, expiresAt: number): void {
  const wait = expiresAt - Date.now();
  if (wait <= 0) {
    socket.disconnect();
    return;
  }
  const timer = setTimeout(() => disconnectAtExpiry(socket, expiresAt), Math.min(wait, MAX_TIMER_MS));
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * Socket.IO replays a recovered session's missed events as it restores the session, before the
 * middlewares run, and to whatever token (or none) the reconnecting client now shows. A session whose
 * token has expired or whose sessions were ended is therefore not restored at all: the client gets a
 * fresh connection (`recovered === false`) and refetches, and no private event it missed is replayed.
 */
type Session = Awaited<ReturnType<RealtimeServer['sockets']['adapter']['restoreSession']>>;
/** What the adapters answer for "nothing to restore" (their typings leave the null out). */
const NO_SESSION = null as unknown as Session;

function refuseRecoveryOfEndedSessions(io: RealtimeServer, sessions: SessionGenerations): void {
  const adapter = io.of('/').adapter;
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    const data = session?.data as SocketData | undefined;
    if (!session || !data?.user) return session;
    const live =
      data.expiresAt !== undefined &&
      data.expiresAt > Date.now() &&
      data.sessionVersion !== undefined &&
      sessions.mayBeCurrent(data.user.id, data.sessionVersion);
    return live ? session : NO_SESSION;
  };
}

/** The item name of a market:watch or market:unwatch payload. */
function toItem(payload: unknown): string | null {
  const item = (payload as { item?: unknown } | null)?.item;
  return typeof item === 'string' && item.length > 0 ? item : null;
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
  sessions: SessionGenerations,
  market: MarketData,
  presence: PresenceService,
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
    // A recovering socket shows its token again like a new one: the token it had may have expired or
    // its session ended meanwhile, and the client may now present another token or none.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  refuseRecoveryOfEndedSessions(io, sessions);

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const data = socket.data as SocketData;
    data.user = null;
    data.sessionVersion = undefined;
    data.expiresAt = undefined;
    data.apiTokenId = undefined;
    if (token === undefined || token === null || token === '') return next();
    if (typeof token !== 'string') return next(new Error('invalid_token'));
    let found: Authentication;
    try {
      found = await authenticateToken(token, config.JWT_SECRET, sessions);
    } catch (err) {
      logger.error({ err }, 'socket token check failed');
      return next(new Error('server_error'));
    }
    if (!found.ok) return next(new Error('invalid_token'));
    if (found.via === 'api-token') {
      data.apiTokenId = found.tokenId;
      // Notifications are the owner's own data: only a token with the read scope receives them.
      data.user = found.scopes.includes('read') ? found.user : null;
    } else {
      data.user = found.user;
      data.sessionVersion = found.sessionVersion;
      data.expiresAt = found.expiresAt;
    }
    next();
  });

  io.on('connection', (socket) => {
    const { user, sessionVersion, expiresAt, apiTokenId } = socket.data as SocketData;
    // A recovered socket has its rooms back, including the personal room of whoever it belonged to.
    for (const room of socket.rooms) {
      if (room.startsWith('user:') && (!user || room !== userRoom(user.id))) void socket.leave(room);
      if (room.startsWith('token:') && room !== tokenRoom(apiTokenId ?? 0)) void socket.leave(room);
    }
    if (apiTokenId !== undefined) {
      void socket.join(tokenRoom(apiTokenId));
      if (user) void socket.join(userRoom(user.id));
    }
    if (user && sessionVersion !== undefined && expiresAt !== undefined) {
      void socket.join(userRoom(user.id));
      // Sessions ended while the check above awaited the database: that disconnect missed this socket.
      if (!sessions.mayBeCurrent(user.id, sessionVersion)) return void socket.disconnect();
      disconnectAtExpiry(socket, expiresAt);
    }
    // Any authenticated socket makes its user online, a hidden tab's too (the page keeps it connected).
    if (user) {
      presence.socketConnected(user.id);
      socket.once('disconnect', () => presence.socketDisconnected(user.id));
    }
    handlePresenceWatch(socket, presence);

    socket.on('listing:watch', async (payload, ack) => {
      const reply: (r: Ack) => void = typeof ack === 'function' ? ack : () => undefined;
      const id = toListingId(payload);
      if (!id) return reply({ ok: false, error: REFUSALS.listingId });
      if (!listings.get(id)) return reply({ ok: false, error: REFUSALS.listingNotFound });
      await socket.join(listingRoom(id));
      reply({ ok: true });
    });

    socket.on('listing:unwatch', async (payload, ack) => {
      const id = toListingId(payload);
      if (id) await socket.leave(listingRoom(id));
      if (typeof ack === 'function') ack(id ? { ok: true } : { ok: false, error: REFUSALS.listingId });
    });

    // Joined before the book is read, so no market:book sent after the read can miss this socket.
    socket.on('market:watch', async (payload, ack) => {
      const reply: (r: MarketWatchAck) => void = typeof ack === 'function' ? ack : () => undefined;
      const item = toItem(payload);
      if (!item) return reply({ ok: false, error: REFUSALS.itemName });
      if (!market.item(item)) return reply({ ok: false, error: REFUSALS.itemNotFound });
      await socket.join(marketRoom(item));
      const book = market.item(item);
      reply(book ? { ok: true, book } : { ok: false, error: REFUSALS.itemNotFound });
    });

    socket.on('market:unwatch', async (payload, ack) => {
      const item = toItem(payload);
      if (item) await socket.leave(marketRoom(item));
      if (typeof ack === 'function') ack(item ? { ok: true } : { ok: false, error: REFUSALS.itemName });
    });
  });

  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // The closed sockets' users go offline, told through the adapter before its Redis goes.
      await presence.close();
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
