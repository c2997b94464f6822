import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { canConnect, waitForPort } from '../scripts/lib/ports';
import {
  killServerProcesses,
  serverPorts,
  startServerProcess as start,
} from '../tests/helpers/server-process';

/** The process as `npm start` runs it: embedded database, mail catcher, config errors, shutdown. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-main-'));
afterAll(() => {
  killServerProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});
/** Two server starts, each several seconds when the machine is busy. */
const TWO_STARTS_MS = 120_000;

describe('server process', () => {
  it('refuses a bad variable with one line naming it and exit code 1', async () => {
    const run = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="abc"/);
  });

  it(
    'keeps data across a graceful stop and a restart on the embedded database',
    async () => {
      const env = { ...(await serverPorts()), DATA_DIR: dataDir, HOST: '127.0.0.1' };
      const first = start(env);
      await waitForPort(Number(env.PORT), { timeoutMs: 60_000, abort: first.exited });
      const health = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', db: 'up' });
      const client = await mongoose
        .createConnection(`mongodb://127.0.0.1:${env.DB_PORT}/`, { dbName: 'market' })
        .asPromise();
      await client.collection('restart_probe').insertOne({ note: 'written before restart' });
      await client.close();
      const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('shutting down');
      // The embedded database and mail catcher stop with the server, leaving nothing behind.
      expect(await canConnect(Number(env.DB_PORT))).toBe(false);
      expect(await canConnect(Number(env.MAILDEV_PORT))).toBe(false);

      const second = start(env);
      await waitForPort(Number(env.PORT), { timeoutMs: 60_000, abort: second.exited });
      const again = await mongoose
        .createConnection(`mongodb://127.0.0.1:${env.DB_PORT}/`, { dbName: 'market' })
        .asPromise();
      const kept = await again.collection('restart_probe').findOne({});
      await again.close();
      expect(kept?.note).toBe('written before restart');
      expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
      expect(await canConnect(Number(env.DB_PORT))).toBe(false);
    },
    TWO_STARTS_MS,
  );
});
