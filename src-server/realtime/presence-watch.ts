import type { Socket } from 'socket.io';
import {
  presenceRoom,
  type Ack,
  type ClientToServerEvents,
  type PresenceAck,
  type ServerToClientEvents,
} from '../../src-common/events';
import { PRESENCE_WATCH_MAX } from '../../src-common/presence';
import { REFUSALS } from '../../src-common/realtime-refusals';
import { presenceWatchSchema } from '../../src-common/schemas/presence';
import type { PresenceService } from '../services/presence/presence';

type MarketSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

const ROOM_PREFIX = presenceRoom(0).slice(0, -1);
const watchedCount = (socket: MarketSocket) =>
  [...socket.rooms].filter((room) => room.startsWith(ROOM_PREFIX)).length;

function parseUserIds(payload: unknown): { ids: number[] } | { error: string } {
  const parsed = presenceWatchSchema.safeParse(payload);
  if (parsed.success) return { ids: parsed.data.userIds };
  return { error: parsed.error.issues[0]?.message ?? REFUSALS.userIdsArray };
}

/**
 * presence:watch and presence:unwatch: a socket (anyone's, a visitor's too) joins the room of each user it
 * shows, and hears presence:changed for those users only. The rooms are joined before the presence is
 * read, so no change falls between the answer and the first event.
 */
export function handlePresenceWatch(socket: MarketSocket, presence: PresenceService): void {
  socket.on('presence:watch', async (payload, ack) => {
    const reply: (r: PresenceAck) => void = typeof ack === 'function' ? ack : () => undefined;
    const parsed = parseUserIds(payload);
    if ('error' in parsed) return reply({ ok: false, error: parsed.error });
    const added = parsed.ids.filter((id) => !socket.rooms.has(presenceRoom(id))).length;
    if (watchedCount(socket) + added > PRESENCE_WATCH_MAX)
      return reply({ ok: false, error: REFUSALS.tooManyWatched });
    await socket.join(parsed.ids.map(presenceRoom));
    try {
      reply({ ok: true, presence: await presence.read(parsed.ids) });
    } catch {
      reply({ ok: false, error: REFUSALS.presenceUnavailable });
    }
  });

  socket.on('presence:unwatch', async (payload, ack) => {
    const reply: (r: Ack) => void = typeof ack === 'function' ? ack : () => undefined;
    const parsed = parseUserIds(payload);
    if ('error' in parsed) return reply({ ok: false, error: parsed.error });
    await Promise.all(parsed.ids.map((id) => socket.leave(presenceRoom(id))));
    reply({ ok: true });
  });
}
