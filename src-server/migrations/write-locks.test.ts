import mongoose from 'mongoose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { dropWriteLocks } from './write-locks';

let last: TestServer | undefined;
afterAll(() => last?.stop());

const collections = async (db: mongoose.mongo.Db) =>
  (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);

describe('lock rows left by versions before the keyed mutex', () => {
  it('are dropped with their collection when the server starts; running it again does nothing', async () => {
    const first = await startTestServer();
    const env = { DB_NAME: first.config.DB_NAME };
    await first.close();
    // What a crash of the old document lock left behind: a held lock nobody will release.
    const client = await new mongoose.mongo.MongoClient(inject('mongoUri')).connect();
    const db = client.db(env.DB_NAME);
    try {
      await db
        .collection<{ _id: string; owner: string; at: Date }>('write_locks')
        .insertOne({ _id: 'listing:1', owner: 'crashed', at: new Date() });
      expect(await collections(db)).toContain('write_locks');

      last = await startTestServer({ env });
      expect(await collections(db)).not.toContain('write_locks');
      expect(await dropWriteLocks()).toBe(false); // run again: nothing to do
    } finally {
      await client.close();
    }
  });
});
