import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedDatabase } from '../../src-server/embedded/embedded-database';
import { freePort } from '../../src-server/lib/ports';
import { createUser, listingBody, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { compiledServer } from '../../tests/helpers/server-process';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { collectionNames, dataCollectionNames } from './target';

/** The backup round trip through the real commands: a populated marketplace out, a fresh DATA_DIR in. */
const { EJSON } = mongoose.mongo.BSON;
type Db = mongoose.mongo.Db;

const work = mkdtempSync(path.join(os.tmpdir(), 'market-backup-'));
let server: TestServer;
let archive: string;

/**
 * The command `npm run backup` / `npm run restore` runs (TypeScript through tsx) when `typescript` is set,
 * else the compiled one of the production image (`node dist/server/backup.js`): the same code, which
 * starts in a fraction of the CPU time, for every run after the first backup.
 */
function cli(
  args: string[],
  env: Record<string, string>,
  { typescript = false } = {},
): Promise<{ code: number | null; output: string }> {
  const command = typescript ? ['--import', 'tsx', 'scripts/backup/cli.ts'] : [compiledServer('backup')];
  const child = spawn(process.execPath, [...command, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', MONGODB_URI: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** A fresh DATA_DIR for the embedded database, with a port of its own. */
async function freshDataDir(name: string) {
  return { DATA_DIR: path.join(work, name), DB_PORT: String(await freePort()) };
}

/** Every document of every collection, exact BSON types kept, in _id order, plus the indexes. */
async function snapshot(db: Db) {
  const result: Record<string, { docs: string[]; indexes: string[] }> = {};
  for (const name of await dataCollectionNames(db)) {
    const docs = await db.collection(name).find({}, { promoteValues: false }).toArray();
    const indexes = await db.collection(name).listIndexes().toArray();
    result[name] = {
      docs: docs.map((doc) => EJSON.stringify(doc, { relaxed: false })).sort(),
      indexes: indexes.map(({ key, name, unique }) => JSON.stringify({ key, name, unique })).sort(),
    };
  }
  return result;
}

/** Opens the embedded database under a DATA_DIR the commands wrote, as the server would. */
async function withEmbedded<T>(env: { DATA_DIR: string; DB_PORT: string }, read: (db: Db) => Promise<T>) {
  const database = await startEmbeddedDatabase({ dataDir: env.DATA_DIR, port: Number(env.DB_PORT) });
  const client = await new mongoose.mongo.MongoClient(database.uri).connect();
  try {
    return await read(client.db('market'));
  } finally {
    await client.close();
    await database.stop();
  }
}

const sourceEnv = () => ({ MONGODB_URI: inject('mongoUri'), DB_NAME: server.config.DB_NAME });

beforeAll(async () => {
  server = await startTestServer();
  const api = http(server.url);
  const seller = await createUser(server.config);
  const buyer = await createUser(server.config);
  await createUser(server.config, { discordId: '4242', admin: true });
  const listings = [];
  for (let i = 0; i < 5; i++) listings.push(await postListing(server.url, seller.token, { quantity: i + 1 }));
  const offers = [];
  for (const listing of listings.slice(0, 3)) {
    const res = await api.post('/api/offers', { listing_id: listing.id, offer_amount: 900 }, buyer.token);
    expect(res.status).toBe(201);
    offers.push(res.body as { id: number });
  }
  expect((await api.put(`/api/offers/${offers[0].id}`, { action: 'accept' }, seller.token)).status).toBe(200);
  expect(
    (await api.put(`/api/listings/${listings[4].id}`, listingBody({ notes: 'edited once' }), seller.token))
      .status,
  ).toBe(200);

  archive = path.join(work, 'market.ndjson.gz');
  const backup = await cli(['backup', archive], sourceEnv(), { typescript: true });
  expect(backup.output).toMatch(/backed up the database/);
  expect(backup.code).toBe(0);
}, 120_000);
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

// Each case runs the commands as processes, each starting the embedded database: slow on a busy machine.
describe('npm run backup / npm run restore', { timeout: 120_000 }, () => {
  it('restores every document of every collection into a fresh DATA_DIR, types and indexes included', async () => {
    const source = await snapshot(mongoose.connection.db!);
    for (const name of ['users', 'listings', 'offers', 'admins', 'counters', 'items']) {
      expect(source[name]?.docs.length, name).toBeGreaterThan(0);
    }
    const target = await freshDataDir('fresh');
    const restore = await cli(['restore', archive], target);
    expect(restore.output).toMatch(/counts checked/);
    expect(restore.code).toBe(0);
    expect(await withEmbedded(target, snapshot)).toEqual(source);
    expect(await withEmbedded(target, collectionNames)).not.toContain('writer_claims');
  });

  it('refuses a database at MONGODB_URI that holds data, and replaces it with --force', async () => {
    const target = { MONGODB_URI: inject('mongoUri'), DB_NAME: `${server.config.DB_NAME}_restored` };
    const db = mongoose.connection.getClient().db(target.DB_NAME);
    await db.collection('listings').insertOne({ _id: 1 as never, note: 'keep' });
    try {
      const refused = await cli(['restore', archive], target);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/is not empty \(listings\).*--force/);
      expect(await db.collection('listings').find().toArray()).toEqual([{ _id: 1, note: 'keep' }]);

      const forced = await cli(['restore', archive, '--force'], target);
      expect(forced.output).toMatch(/counts checked/);
      expect(forced.code).toBe(0);
      expect(await snapshot(db)).toEqual(await snapshot(mongoose.connection.db!));
    } finally {
      await db.dropDatabase();
    }
  });

  it('refuses a damaged archive before writing anything', async () => {
    const lines = gunzipSync(readFileSync(archive)).toString().split('\n');
    const i = lines.findIndex((l) => l.includes('edited once'));
    lines[i] = lines[i].replace('edited once', 'edited twice');
    const damaged = path.join(work, 'damaged.ndjson.gz');
    writeFileSync(damaged, gzipSync(lines.join('\n')));
    const truncated = path.join(work, 'truncated.ndjson.gz');
    writeFileSync(truncated, gzipSync(lines.slice(0, -2).join('\n')));

    const target = await freshDataDir('damaged');
    const checksum = await cli(['restore', damaged], target);
    expect(checksum.code).toBe(1);
    expect(checksum.output).toMatch(/fails its checksum/);
    const cut = await cli(['restore', truncated], target);
    expect(cut.code).toBe(1);
    expect(cut.output).toMatch(/has no manifest/);
    const halfGzip = path.join(work, 'half.ndjson.gz');
    writeFileSync(halfGzip, readFileSync(archive).subarray(0, 200));
    const half = await cli(['restore', halfGzip], target);
    expect(half.code).toBe(1);
    expect(half.output).toMatch(/cannot be read as a gzip archive: unexpected end of file/);
    expect(await withEmbedded(target, collectionNames)).toEqual([]);
  });

  it('refuses to share the embedded database with a running server', async () => {
    const file = path.join(work, 'never.ndjson.gz');
    const portTaken = await cli(['backup', file], {
      DATA_DIR: path.join(work, 'idle'),
      DB_PORT: String(server.port),
    });
    expect(portTaken.code).toBe(1);
    expect(portTaken.output).toMatch(
      /^Something already listens on DB_PORT \d+: is the marketplace running\? Stop it/,
    );

    const env = await freshDataDir('busy');
    const database = await startEmbeddedDatabase({ dataDir: env.DATA_DIR, port: Number(env.DB_PORT) });
    try {
      const otherPort = await cli(['restore', archive], { ...env, DB_PORT: String(await freePort()) });
      expect(otherPort.code).toBe(1);
      expect(otherPort.output).toMatch(/is running \(pid \d+\): is the marketplace running\? Stop it first/);
    } finally {
      await database.stop();
    }
  });
});
