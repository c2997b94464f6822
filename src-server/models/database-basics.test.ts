import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { dbEngine } from '../lib/db-engine';
import { duplicateKeyField, isDuplicateKeyError, type DuplicateKeyError } from '../lib/duplicate-key';
import { atomicWrite } from '../lib/transactions';
import { CounterModel, nextId } from './counter';
import { UserModel } from './user';

/**
 * The Mongoose features the product relies on, against whatever engine the launcher gave us
 * (FerretDB with SQLite by default). If one of these fails, the engine is not fit for the product.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const Probe = mongoose.model(
  'Probe',
  new mongoose.Schema({ _id: Number, name: String, rank: Number }, { versionKey: false }),
  'probes',
);

describe('database basics', () => {
  it('inserts, then finds with sort, skip and limit, and counts', async () => {
    await Probe.insertMany(
      Array.from({ length: 12 }, (_, i) => ({ _id: i + 1, name: `p${i + 1}`, rank: i % 4 })),
    );
    const page = await Probe.find({ rank: { $gte: 1 } })
      .sort({ rank: -1, _id: 1 })
      .skip(2)
      .limit(3)
      .lean();
    expect(page.map((d) => d._id)).toEqual([12, 3, 7]);
    expect(await Probe.countDocuments({ rank: 3 })).toBe(3);
  });

  it('allocates integer ids atomically with findOneAndUpdate, upsert and $inc', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => nextId('offers')));
    expect(new Set(ids).size).toBe(20);
    expect(Math.max(...ids) - Math.min(...ids)).toBe(19);
  });

  it('takes the next id when its first use loses the counter insert to another process', async () => {
    // The other process's insert, and the duplicate key the database answers the loser with.
    await CounterModel.create({ _id: 'auditLog', seq: 41 });
    const lost = await CounterModel.create({ _id: 'auditLog', seq: 1 }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(lost)).toBe(true);
    const update = vi.spyOn(CounterModel, 'findOneAndUpdate').mockImplementationOnce(() => {
      throw lost;
    });
    try {
      expect(await nextId('auditLog')).toBe(42);
      expect(update).toHaveBeenCalledTimes(2);
    } finally {
      update.mockRestore();
    }
  });

  it('detects the engine from buildInfo', () => {
    expect(dbEngine()).toBe(process.env.TEST_MONGODB_URI ? 'mongodb' : 'ferretdb');
  });

  it('rejects a duplicate on a unique index with code 11000', async () => {
    const base = { username: 'Dup', usernameLower: 'dup' };
    await UserModel.create({ _id: await nextId('users'), ...base });
    await expect(
      UserModel.create({ _id: await nextId('users'), ...base, username: 'DUP' }),
    ).rejects.toMatchObject({
      code: 11000,
    });
  });

  it('reports an update that breaks a unique index as a duplicate key with its field', async () => {
    const taken = { username: 'Taken', usernameLower: 'taken' };
    await UserModel.create({ _id: await nextId('users'), ...taken });
    const other = await UserModel.create({ _id: await nextId('users'), username: 'O', usernameLower: 'o' });
    const err = await UserModel.updateOne({ _id: other._id }, { $set: taken }).catch((e: unknown) => e);
    expect(isDuplicateKeyError(err)).toBe(true);
    expect(duplicateKeyField(err as DuplicateKeyError)).toBe('usernameLower');
  });

  it('lets exactly one of several racing conditional writers win under atomicWrite', async () => {
    await Probe.create({ _id: 100, name: 'race', rank: 0 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        atomicWrite('probe:100', () =>
          Probe.findOneAndUpdate(
            { _id: 100, rank: 0 },
            { $set: { rank: i + 1 } },
            { returnDocument: 'after' },
          ).lean(),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a second insert of the same _id even when both race', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => Probe.create({ _id: 200, name: 'x' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
