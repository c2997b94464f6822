import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers/factories';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { UserModel } from '../models/user';
import { PublicAccounts } from './public-accounts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('PublicAccounts', () => {
  it('keeps what it read until the account is forgotten, then reads it again', async () => {
    const user = await createUser(server.config);
    const accounts = new PublicAccounts(60_000);
    const first = await accounts.get(user.id);
    expect(first).toMatchObject({ _id: user.id, username: user.username, statsPublic: true });
    // Behind its back (not through the model's hooks): still what it knew.
    await UserModel.collection.updateOne({ _id: user.id } as never, { $set: { avatar: 'https://a/b.png' } });
    expect(await accounts.get(user.id)).toBe(first);

    accounts.forget([user.id]);
    expect(await accounts.get(user.id)).toMatchObject({ avatar: 'https://a/b.png' });
    expect(await accounts.get(987_000)).toBeNull();
  });

  it('does not keep what a read begun before a forget found', async () => {
    const user = await createUser(server.config);
    const accounts = new PublicAccounts(60_000);
    const learn = accounts.beginRead();
    const stale = await UserModel.findById(user.id).lean();
    accounts.forget([user.id]);
    learn(stale as never);
    await UserModel.collection.updateOne({ _id: user.id } as never, { $set: { flags: ['VIP'] } });
    expect((await accounts.get(user.id))?.flags).toEqual(['VIP']);
  });

  it('reads on every request with a max age of 0', async () => {
    const user = await createUser(server.config);
    const accounts = new PublicAccounts(0);
    await accounts.get(user.id);
    await UserModel.collection.updateOne({ _id: user.id } as never, {
      $set: { 'settings.statsPublic': false },
    });
    expect((await accounts.get(user.id))?.statsPublic).toBe(false);
  });
});
