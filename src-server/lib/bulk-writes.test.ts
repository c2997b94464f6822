import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenTradeModel } from '../models/trade-books';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { bulkWriteInChunks, insertIgnoringDuplicates } from './bulk-writes';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const deadline = (id: number) => ({ _id: id, listingId: 1, activityAt: new Date(), remindedAt: null });

describe('bulk writes on the database', () => {
  it('inserts in chunks, skipping and not counting the documents already stored', async () => {
    await OpenTradeModel.insertMany([1, 500, 1_500].map(deadline));
    const docs = Array.from({ length: 1_600 }, (_, i) => deadline(i + 1));
    expect(await insertIgnoringDuplicates(OpenTradeModel, docs)).toBe(1_597);
    expect(await OpenTradeModel.countDocuments()).toBe(1_600);
  });

  it('sends more updates than one FerretDB command could take, and counts what they changed', async () => {
    // 120 matching updates in one command would leave FerretDB waiting for a connection for ever.
    const remindedAt = new Date();
    const updates = function* () {
      for (let id = 1; id <= 120; id++) {
        yield { updateOne: { filter: { _id: id, remindedAt: null }, update: { $set: { remindedAt } } } };
      }
      yield { updateOne: { filter: { _id: 99_999 }, update: { $set: { remindedAt } } } };
    };
    expect(await bulkWriteInChunks(OpenTradeModel, updates())).toBe(120);
    expect(await OpenTradeModel.countDocuments({ remindedAt })).toBe(120);
    // Conditional: run again, nothing matches any more.
    expect(await bulkWriteInChunks(OpenTradeModel, updates())).toBe(0);
  });
});
