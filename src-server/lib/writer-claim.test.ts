import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from './ports';
import { compiledServer } from '../../tests/helpers/server-process';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { WriterClaimModel } from '../models/writer-claim';
import { claimEmbeddedWriter, WriterClaimedError } from './writer-claim';

/** The embedded database has one writing process; the running test server holds this database's claim. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const newestClaim = () => WriterClaimModel.findOne().sort({ _id: -1 }).lean();

/** A pid that surely belongs to no running process: one that just exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** The server process against the test database server, with what it printed to stderr. */
async function startProcess(dbName: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [compiledServer()], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      HOST: '127.0.0.1',
      MONGODB_URI: server.config.MONGODB_URI,
      DB_NAME: dbName,
      SMTP_URL: 'smtp://127.0.0.1:9',
      JWT_SECRET: server.config.JWT_SECRET,
      DATA_DIR: server.config.DATA_DIR,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, port, exited, stderr: () => stderr };
}

describe('a second server process on the same embedded database', () => {
  it('refuses to start with one line naming what clustering needs', async () => {
    const other = await startProcess(server.config.DB_NAME);
    expect(await other.exited).toBe(1);
    const stderr = other.stderr();
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`server process ${process.pid} on ${os.hostname()}`);
    expect(lines[0]).toContain('Clustering needs MongoDB (MONGODB_URI) and Redis (REDIS_URL).');
  }, 60_000);

  it('of two processes starting at once on a fresh database, exactly one runs', async () => {
    const dbName = `${server.config.DB_NAME}_pair`;
    const pair = [await startProcess(dbName), await startProcess(dbName)];
    const outcomes = pair.map((p) =>
      Promise.race([
        p.exited.then(() => 'refused' as const),
        waitForPort(p.port, { timeoutMs: 60_000, abort: p.exited.then(() => undefined) }).then(
          () => 'running' as const,
        ),
      ]),
    );
    try {
      expect((await Promise.all(outcomes)).sort()).toEqual(['refused', 'running']);
      const refused = pair.find((p) => p.child.exitCode !== null)!;
      expect(refused.stderr()).toContain('Clustering needs MongoDB');
    } finally {
      for (const p of pair) p.child.kill('SIGTERM');
      await Promise.all(pair.map((p) => p.exited));
      await mongoose.connection.useDb(dbName).dropDatabase();
    }
  }, 120_000);
});

/** Writes the claim after the newest, as another process on this host would; answers the newest before it. */
async function claimNext(fields: { pid: number; startTicks?: string }) {
  const current = (await newestClaim())!;
  await WriterClaimModel.create({
    _id: current._id + 1,
    hostname: os.hostname(),
    startedAt: new Date(),
    ...fields,
  });
  return current;
}

describe('claiming the embedded database', () => {
  it('is refused while the claim belongs to another live process on this host', async () => {
    await claimNext({ pid: process.ppid });
    await expect(claimEmbeddedWriter('market')).rejects.toBeInstanceOf(WriterClaimedError);
    expect((await newestClaim())!.pid).toBe(process.ppid);
  });

  it('supersedes a claim whose pid now belongs to a process that started later (pid reused)', async () => {
    const current = await claimNext({ pid: process.ppid, startTicks: '1' });
    const release = await claimEmbeddedWriter('market');
    expect((await newestClaim())!).toMatchObject({ _id: current._id + 2, pid: process.pid });
    await release();
  });

  it('supersedes the claim of a process that died without releasing it, and clears older claims', async () => {
    const current = await claimNext({ pid: deadPid() });
    const release = await claimEmbeddedWriter('market');
    const claims = await WriterClaimModel.find().lean();
    expect(claims).toEqual([
      expect.objectContaining({ _id: current._id + 2, pid: process.pid, releasedAt: null }),
    ]);
    await release();
    expect((await newestClaim())!.releasedAt).toBeInstanceOf(Date);
  });
});
