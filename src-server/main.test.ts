import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { canConnect, waitForPort } from './lib/ports';
import { ensureClientBuilt } from '../tests/helpers/client-build';
import {
  compiledServer,
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

  it('with NODE_ENV=production, refuses to start without MONGODB_URI, SMTP_URL and JWT_SECRET, naming them', async () => {
    const ports = await serverPorts();
    const run = start({
      ...ports,
      NODE_ENV: 'production',
      MONGODB_URI: '',
      SMTP_URL: '',
      DATA_DIR: dataDir,
    });
    expect(await run.exited).toBe(1);
    expect(run.output().trim().split('\n')).toEqual([
      'Invalid configuration: NODE_ENV=production requires MONGODB_URI, SMTP_URL, JWT_SECRET',
    ]);
    // Neither the embedded database nor the mail catcher was started in their place.
    expect(await canConnect(Number(ports.DB_PORT))).toBe(false);
    expect(await canConnect(Number(ports.MAILDEV_PORT))).toBe(false);
    expect(existsSync(path.join(dataDir, 'ferretdb'))).toBe(false);
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

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decode silently). */
function get(url: string, acceptEncoding = '') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

describe('the production build', () => {
  it(
    'runs as compiled JavaScript without a TypeScript loader, serving the client and the API',
    async () => {
      // The run's build (tests/setup/integration-global.ts), made by `npm run build`'s server step.
      const bundle = compiledServer();
      ensureClientBuilt();
      const main = readFileSync(bundle, 'utf8');
      expect(main).not.toMatch(/from ["'](tsx|vite|maildev)["']/);

      const env = {
        ...(await serverPorts()),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'market-built-')),
        HOST: '127.0.0.1',
      };
      const server = start(env, [bundle]);
      try {
        await server.listening();
        const base = `http://127.0.0.1:${env.PORT}`;
        const health = await get(`${base}/api/health`);
        expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', db: 'up' });

        const page = await get(`${base}/alllistings`);
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body.toString())?.[1];
        expect(script).toBeDefined();
        const asset = await get(`${base}${script}`, 'gzip, br');
        expect(asset.status).toBe(200);
        expect(asset.headers['content-encoding']).toBe('br');
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        rmSync(env.DATA_DIR, { recursive: true, force: true });
      }
    },
    TWO_STARTS_MS,
  );
});
