import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/ports';
import { startEmbeddedDatabase } from './embedded-database';
import type { RunningDatabase } from './ferretdb';

const { Long, Double } = mongoose.mongo;
type Doc = { _id: number | string | mongoose.mongo.Long | mongoose.mongo.Double; n?: number; v?: number };

let db: RunningDatabase;
let dataDir: string;
let client: mongoose.mongo.MongoClient;
let things: mongoose.mongo.Collection<Doc>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-patches-'));
  db = await startEmbeddedDatabase({ dataDir, port: await freePort(), log: () => undefined });
  client = await new mongoose.mongo.MongoClient(db.uri).connect();
  things = client.db('patches').collection<Doc>('things');
  await things.insertMany([
    ...Array.from({ length: 2000 }, (_, i) => ({ _id: i + 1, n: i + 1, v: 1 })),
    { _id: Long.fromNumber(5000), n: 5000 },
    { _id: new Double(6000), n: 6000 },
    { _id: new Double(6000.5), n: 6000.5 },
    { _id: 0, n: 0 },
    { _id: 'counter', n: -1 },
  ]);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await db?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const ns = async (filter: Record<string, unknown>) =>
  (await things.find(filter).toArray()).map((doc) => doc.n);

describe('the patched embedded FerretDB (ferretdb-patches.ts): lookups by _id', () => {
  it('finds a numeric _id whatever numeric type asks or stored it, as MongoDB does', async () => {
    expect(await ns({ _id: 42 })).toEqual([42]);
    expect(await ns({ _id: Long.fromNumber(42) })).toEqual([42]);
    expect(await ns({ _id: new Double(42) })).toEqual([42]);
    expect(await ns({ _id: 5000 })).toEqual([5000]);
    expect(await ns({ _id: 6000 })).toEqual([6000]);
    expect(await ns({ _id: 6000.5 })).toEqual([6000.5]);
    expect(await ns({ _id: 0 })).toEqual([0]);
    expect(await ns({ _id: -0.0 })).toEqual([0]);
    expect(await ns({ _id: 'counter' })).toEqual([-1]);
    expect(await ns({ _id: 99_999 })).toEqual([]);
  });

  it('still applies the rest of a filter that names an _id', async () => {
    expect(await ns({ _id: 7, v: 1 })).toEqual([7]);
    expect(await ns({ _id: 7, v: 2 })).toEqual([]);
    expect(await ns({ _id: 7, n: { $gt: 7 } })).toEqual([]);
  });

  it('writes by _id and version change only the document they name', async () => {
    expect((await things.updateOne({ _id: 8, v: 1 }, { $inc: { v: 1 } })).modifiedCount).toBe(1);
    expect((await things.updateOne({ _id: 8, v: 1 }, { $inc: { v: 1 } })).modifiedCount).toBe(0);
    const after = await things.findOneAndUpdate(
      { _id: 9, v: 1 },
      { $set: { v: 5 } },
      { returnDocument: 'after' },
    );
    expect(after).toMatchObject({ _id: 9, v: 5 });
    expect((await things.deleteOne({ _id: 10, v: 1 })).deletedCount).toBe(1);
    expect(await things.find({ _id: { $in: [8, 9, 10, 11] } }).toArray()).toEqual([
      { _id: 8, n: 8, v: 2 },
      { _id: 9, n: 9, v: 5 },
      { _id: 11, n: 11, v: 1 },
    ]);
  });

  it('answers them from the _id index rather than a scan of the collection', async () => {
    const plan = async (filter: Record<string, unknown>) =>
      JSON.stringify((await things.find(filter).explain()).queryPlanner);
    expect(await plan({ _id: 42 })).toMatch(/SEARCH .* USING INDEX .*_id_/);
    expect(await plan({ _id: 42, v: 1 })).toMatch(/SEARCH .* USING INDEX .*_id_/);
    expect(await plan({ _id: 'counter' })).toMatch(/SEARCH .* USING INDEX .*_id_/);
    expect(await plan({ v: 1 })).toMatch(/SCAN/);
  });
});
