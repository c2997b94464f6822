import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { AdminModel } from '../../models/admin';

let server: TestServer;
let api: ReturnType<typeof http>;
let first: TestUser;
let second: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  first = await createUser(server.config, { discordId: '200000000000000001', admin: true });
  second = await createUser(server.config, { discordId: '200000000000000002', admin: true });
});
afterAll(() => server?.stop());

describe('the last two admins removing each other at once', () => {
  it.each([1, 2, 3, 4, 5])('one removal wins and one admin stays (trial %i)', async () => {
    await AdminModel.updateOne({ _id: first.discordId }, { $set: { addedBy: 'test' } }, { upsert: true });
    await AdminModel.updateOne({ _id: second.discordId }, { $set: { addedBy: 'test' } }, { upsert: true });
    const [firstRemoves, secondRemoves] = await Promise.all([
      api.post('/api/admin/users/remove', { id: second.discordId }, first.token),
      api.post('/api/admin/users/remove', { id: first.discordId }, second.token),
    ]);
    const statuses = [firstRemoves.status, secondRemoves.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser is no longer an admin (403) or meets the last-admin rule (409).
    expect([403, 409]).toContain(statuses.find((s) => s !== 200));
    const left = await AdminModel.find({}, { _id: 1 }).lean();
    expect(left.map((a) => a._id)).toEqual([
      firstRemoves.status === 200 ? first.discordId : second.discordId,
    ]);
  });
});
