import { randomUUID } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import type { PresenceRegistry } from './registry';

/**
 * Presence shared by every server process through Redis, correct without anyone cleaning up:
 *
 * - `presence:alive:{process}`: a key each process refreshes every third of the TTL and that Redis
 *   expires by itself when the process stops refreshing it (it died);
 * - `presence:user:{userId}`: the set of processes holding a socket of that user;
 * - `presence:proc:{process}`: the users a process holds (so a dead process's users can be found);
 * - `presence:procs`: every process, scored by when it last refreshed its key.
 *
 * A user is online while one of the processes in their set is alive, so the users of a process that
 * died read as offline as soon as its key expires. Each check and change of a user's set runs as one
 * Lua script, which Redis executes atomically, so two processes never both see themselves as the last.
 * Every process also reaps dead processes, each in one script: the one whose ZREM removes it from
 * `presence:procs` (Redis answers 1 to exactly one caller) forgets its users and reports those that went
 * offline with it.
 *
 * A process that was only stalled past the TTL (a long pause, not a death) was reaped all the same; its
 * next heartbeat finds itself gone from `presence:procs` and counts its users' sockets again, so they
 * read as online once more (`onReturned`).
 */
const PREFIX = 'presence:';
const ALIVE = `${PREFIX}alive:`;
const USER = `${PREFIX}user:`;
const PROCS = `${PREFIX}procs`;
const procUsers = (proc: string) => `${PREFIX}proc:${proc}`;

/** Is any process in the user's set (KEYS[1]) alive? ARGV[1] is the alive-key prefix. */
const ANY_ALIVE = `
local function anyAlive(set, alivePrefix)
  for _, p in ipairs(redis.call('SMEMBERS', set)) do
    if redis.call('EXISTS', alivePrefix .. p) == 1 then return true end
  end
  return false
end`;

/** KEYS: user set, process's user set. ARGV: alive prefix, process, user id. 1 when the user was offline. */
const CONNECT = `${ANY_ALIVE}
local before = anyAlive(KEYS[1], ARGV[1])
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
if before then return 0 end
return 1`;

/** KEYS: user set, process's user set. ARGV: alive prefix, process, user id. 1 when the user is now offline. */
const DISCONNECT = `${ANY_ALIVE}
redis.call('SREM', KEYS[1], ARGV[2])
redis.call('SREM', KEYS[2], ARGV[3])
if anyAlive(KEYS[1], ARGV[1]) then return 0 end
return 1`;

/** ARGV: alive prefix, user prefix, user ids. One 0/1 per user. */
const ONLINE = `${ANY_ALIVE}
local out = {}
for i = 3, #ARGV do
  out[#out + 1] = anyAlive(ARGV[2] .. ARGV[i], ARGV[1]) and 1 or 0
end
return out`;

/**
 * KEYS: none (the keys derive from the process). ARGV: alive prefix, user prefix, procs key, the
 * process's user-set key, the process. The ids of its users now offline, or nil when it was alive
 * or another caller reaped it.
 */
const REAP = `${ANY_ALIVE}
if redis.call('EXISTS', ARGV[1] .. ARGV[5]) == 1 then return false end
if redis.call('ZREM', ARGV[3], ARGV[5]) == 0 then return false end
local gone = {}
for _, user in ipairs(redis.call('SMEMBERS', ARGV[4])) do
  local set = ARGV[2] .. user
  redis.call('SREM', set, ARGV[5])
  if not anyAlive(set, ARGV[1]) then gone[#gone + 1] = user end
end
redis.call('DEL', ARGV[4])
return gone`;

export class RedisPresenceRegistry implements PresenceRegistry {
  readonly process: string = randomUUID();
  /** This process's sockets per user: Redis hears only of a user's first and last one here. */
  private readonly local = new Map<number, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private returned: (userIds: number[]) => void = () => undefined;

  private constructor(
    private readonly redis: RedisClientType,
    private readonly ttlMs: number,
  ) {}

  static async start(url: string, ttlMs: number, onError: (err: unknown) => void) {
    const redis: RedisClientType = createClient({ url });
    redis.on('error', onError);
    await redis.connect();
    const registry = new RedisPresenceRegistry(redis, ttlMs);
    await registry.beat();
    registry.heartbeat = setInterval(() => registry.beat().catch(onError), ttlMs / 3).unref();
    return registry;
  }

  private async beat(): Promise<void> {
    const [, added] = await this.redis
      .multi()
      .set(ALIVE + this.process, '1', { expiration: { type: 'PX', value: this.ttlMs } })
      .zAdd(PROCS, { score: Date.now(), value: this.process })
      .exec();
    // Added again after the first beat: another process reaped this one while it was stalled.
    if (Number(added) === 1 && this.heartbeat) await this.rejoin();
  }

  private async rejoin(): Promise<void> {
    const back: number[] = [];
    for (const userId of [...this.local.keys()]) {
      // A socket that closed meanwhile is not counted again.
      if (this.local.has(userId) && (await this.script(CONNECT, userId)) === 1) back.push(userId);
    }
    if (back.length > 0) this.returned(back);
  }

  onReturned(listener: (userIds: number[]) => void): void {
    this.returned = listener;
  }

  private script(source: string, userId: number, proc = this.process): Promise<unknown> {
    return this.redis.eval(source, {
      keys: [USER + userId, procUsers(proc)],
      arguments: [ALIVE, proc, String(userId)],
    });
  }

  async connect(userId: number): Promise<boolean> {
    const count = (this.local.get(userId) ?? 0) + 1;
    this.local.set(userId, count);
    if (count > 1) return false;
    return (await this.script(CONNECT, userId)) === 1;
  }

  async disconnect(userId: number): Promise<boolean> {
    const count = (this.local.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.local.set(userId, count);
      return false;
    }
    if (!this.local.delete(userId)) return false;
    return (await this.script(DISCONNECT, userId)) === 1;
  }

  async onlineAmong(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const flags = (await this.redis.eval(ONLINE, {
      arguments: [ALIVE, USER, ...userIds.map(String)],
    })) as number[];
    return new Set(userIds.filter((_, i) => flags[i] === 1));
  }

  async allOnline(): Promise<number[]> {
    const procs = await this.redis.zRange(PROCS, 0, -1);
    const alive = procs.length ? await this.redis.mGet(procs.map((p) => ALIVE + p)) : [];
    const live = procs.filter((_, i) => alive[i] !== null);
    const members = await Promise.all(live.map((p) => this.redis.sMembers(procUsers(p))));
    return [...new Set(members.flat().map(Number))];
  }

  async reapDead(): Promise<{ userId: number; lastSeen: Date }[]> {
    const procs = await this.redis.zRangeWithScores(PROCS, 0, -1);
    const gone: { userId: number; lastSeen: Date }[] = [];
    for (const { value: proc, score } of procs) {
      if (proc === this.process) continue;
      const users = (await this.redis.eval(REAP, {
        arguments: [ALIVE, USER, PROCS, procUsers(proc), proc],
      })) as string[] | null;
      for (const userId of users ?? []) gone.push({ userId: Number(userId), lastSeen: new Date(score) });
    }
    return gone;
  }

  /** After this process's sockets have closed: it stops counting as alive at once. */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.redis
      .multi()
      .del(ALIVE + this.process)
      .zRem(PROCS, this.process)
      .del(procUsers(this.process))
      .exec()
      .catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }
}
