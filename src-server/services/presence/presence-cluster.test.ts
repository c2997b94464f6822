import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postListing } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startRedis, type RunningRedis } from '../../../tests/helpers/redis';
import { killServerProcesses, type ServerProcess } from '../../../tests/helpers/server-process';
import { connectSocket, nextEvent, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { startSecondProcess } from '../../../tests/helpers/two-processes';

/**
 * Short, so a dead process's users are reaped within seconds rather than the default 45 s; not shorter,
 * so a live process paused by a loaded machine is not taken for dead while the test looks (with 3 s, a
 * freshly started second process was once reaped during a full CI run right after its user came online).
 */
const TTL_SECONDS = '5';

let redis: RunningRedis;
let server: TestServer;
/**
 * One second server process on the same database and Redis for the file's tests: the test that pauses it
 * resumes it, and the one that kills it runs last.
 */
let other: { url: string; process: ServerProcess };
const sockets: MarketSocket[] = [];

async function connect(url: string, token?: string) {
  const socket = await connectSocket(url, token);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  redis = await startRedis();
  server = await startTestServer({ env: { REDIS_URL: redis.url, PRESENCE_TTL_SECONDS: TTL_SECONDS } });
  other = await startSecondProcess(server, redis.url, { PRESENCE_TTL_SECONDS: TTL_SECONDS });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  other?.process.child.kill('SIGCONT');
  other?.process.child.kill('SIGTERM');
  await other?.process.exited;
  killServerProcesses();
  await server.stop();
  await redis.stop();
});

describe('presence across server processes', () => {
  it('a user connected to one process is online on the other, and their watchers there hear each change', async () => {
    const seller = await createUser(server.config);
    const watching = await connect(server.url);
    await watching.emitWithAck('presence:watch', { userIds: [seller.id] });
    const here = http(server.url);

    const online = nextEvent(watching, 'presence:changed', (c) => c.userId === seller.id && c.online);
    const there = await connect(other.url, seller.token);
    expect(await online).toEqual({ userId: seller.id, online: true, lastSeen: null });
    expect((await here.get(`/api/presence?ids=${seller.id}`)).body[seller.id].online).toBe(true);

    // A second socket on this process, then the first one closes there: still online.
    const local = await connect(server.url, seller.token);
    there.close();
    const asked = await http(other.url).get(`/api/presence?ids=${seller.id}`);
    expect(asked.body[seller.id]).toEqual({ online: true, lastSeen: null });

    const offline = nextEvent(watching, 'presence:changed', (c) => c.userId === seller.id && !c.online);
    local.close();
    const change = await offline;
    expect(change.lastSeen).not.toBeNull();
    expect((await http(other.url).get(`/api/presence?ids=${seller.id}`)).body[seller.id]).toEqual({
      online: false,
      lastSeen: change.lastSeen,
    });
  });

  it('the users of a process that was only paused past the TTL go offline, then online again when it resumes', async () => {
    try {
      const seller = await createUser(server.config);
      const watching = await connect(server.url);
      await watching.emitWithAck('presence:watch', { userIds: [seller.id] });
      const online = nextEvent(watching, 'presence:changed', (c) => c.userId === seller.id && c.online);
      await connect(other.url, seller.token);
      await online;

      const offline = nextEvent(
        watching,
        'presence:changed',
        (c) => c.userId === seller.id && !c.online,
        20_000,
      );
      other.process.child.kill('SIGSTOP');
      await offline;
      const back = nextEvent(watching, 'presence:changed', (c) => c.userId === seller.id && c.online, 20_000);
      other.process.child.kill('SIGCONT');
      expect(await back).toEqual({ userId: seller.id, online: true, lastSeen: null });
      expect((await http(server.url).get(`/api/presence?ids=${seller.id}`)).body[seller.id].online).toBe(
        true,
      );
    } finally {
      other.process.child.kill('SIGCONT');
    }
  }, 60_000);

  // Last: it ends the shared process.
  it('the users of a process that was killed go offline by themselves, for watchers, REST and the online filter', async () => {
    const seller = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const watching = await connect(server.url);
    await watching.emitWithAck('presence:watch', { userIds: [seller.id] });
    const here = http(server.url);
    const onlineIds = async () =>
      (await here.get('/api/listings?online=1&limit=100')).body.map((l: { id: number }) => l.id) as number[];

    const online = nextEvent(watching, 'presence:changed', (c) => c.userId === seller.id && c.online);
    await connect(other.url, seller.token);
    await online;
    expect(await onlineIds()).toContain(listing.id);

    const offline = nextEvent(
      watching,
      'presence:changed',
      (c) => c.userId === seller.id && !c.online,
      // Within the TTL plus one reaping round (1.5 TTL), with room for a loaded machine.
      20_000,
    );
    const killedAt = Date.now();
    other.process.child.kill('SIGKILL');
    await other.process.exited;
    const change = await offline;
    // The last-seen time is the dead process's last heartbeat.
    expect(Date.parse(change.lastSeen!)).toBeLessThanOrEqual(killedAt);
    // Heartbeats come every third of the TTL.
    expect(Date.parse(change.lastSeen!)).toBeGreaterThan(killedAt - Number(TTL_SECONDS) * 1000);
    expect((await here.get(`/api/presence?ids=${seller.id}`)).body[seller.id]).toEqual({
      online: false,
      lastSeen: change.lastSeen,
    });
    expect(await onlineIds()).not.toContain(listing.id);
  }, 60_000);
});
