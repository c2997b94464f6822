import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { AdminModel } from '../../models/admin';
import { ListingModel } from '../../models/listing';
import { UserModel } from '../../models/user';

let server: TestServer;
let api: ReturnType<typeof http>;
let admin: TestUser;
let member: TestUser;
let memberListingId: number;

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  admin = await createUser(server.config, { discordId: '100000000000000001', admin: true });
  member = await createUser(server.config, { discordId: '100000000000000002' });
  memberListingId = (await postListing(server.url, member.token)).id;
});
afterAll(() => server?.stop());
beforeEach(async () => {
  await AdminModel.deleteMany({ _id: { $ne: admin.discordId } });
});

describe('GET /api/is-admin', () => {
  it('is exactly true for an admin and false for anyone else', async () => {
    expect((await api.get('/api/is-admin', admin.token)).body).toEqual({ isAdmin: true });
    expect((await api.get('/api/is-admin', member.token)).body).toEqual({ isAdmin: false });
  });

  it('401 without a session', async () => {
    expect((await api.get('/api/is-admin')).status).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  it('lists the admins by Discord ID with the linked account name', async () => {
    const res = await api.get('/api/admin/users', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ admins: [{ id: admin.discordId, username: admin.username }] });
  });

  it('403 for a non-admin, 401 without a session', async () => {
    expect((await api.get('/api/admin/users', member.token)).status).toBe(403);
    expect((await api.get('/api/admin/users')).status).toBe(401);
  });
});

describe('POST /api/admin/users/add', () => {
  it('adds an admin, who gets the Admin badge on their account and listings', async () => {
    const res = await api.post('/api/admin/users/add', { id: member.discordId }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.admins.map((a: { id: string }) => a.id)).toEqual([admin.discordId, member.discordId]);
    expect((await api.get('/api/is-admin', member.token)).body).toEqual({ isAdmin: true });
    expect((await UserModel.findById(member.id).lean())?.flags).toEqual(['Admin']);
    expect((await ListingModel.findById(memberListingId).lean())?.userFlags).toEqual(['Admin']);
    const shown = (await api.get(`/api/listings/${memberListingId}`)).body;
    expect(shown).toMatchObject({ user_flags: 'Admin', version: 2 });
  });

  it('accepts a Discord ID nobody has linked yet', async () => {
    expect((await api.post('/api/admin/users/add', { id: '100000000000000099' }, admin.token)).status).toBe(
      200,
    );
  });

  it('409 when already an admin', async () => {
    const res = await api.post('/api/admin/users/add', { id: admin.discordId }, admin.token);
    expect(res.status).toBe(409);
  });

  it('400 for an empty or non-numeric id', async () => {
    expect((await api.post('/api/admin/users/add', { id: '' }, admin.token)).body).toMatchObject({
      error: 'Discord ID is required',
      field: 'id',
    });
    expect((await api.post('/api/admin/users/add', { id: 'abc' }, admin.token)).status).toBe(400);
  });

  it('400 for an id too short to be a Discord ID, saying how long one is', async () => {
    expect((await api.post('/api/admin/users/add', { id: '12' }, admin.token)).body).toMatchObject({
      error: 'A Discord ID has 17 to 20 digits',
      field: 'id',
    });
  });

  it('403 for a non-admin', async () => {
    expect((await api.post('/api/admin/users/add', { id: '100000000000000003' }, member.token)).status).toBe(
      403,
    );
  });
});

describe('POST /api/admin/users/remove', () => {
  it('removes an admin and their Admin badge', async () => {
    await api.post('/api/admin/users/add', { id: member.discordId }, admin.token);
    const res = await api.post('/api/admin/users/remove', { id: member.discordId }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.admins).toEqual([{ id: admin.discordId, username: admin.username }]);
    expect((await api.get('/api/is-admin', member.token)).body).toEqual({ isAdmin: false });
    expect((await UserModel.findById(member.id).lean())?.flags).toEqual([]);
    expect((await ListingModel.findById(memberListingId).lean())?.userFlags).toEqual([]);
    expect((await api.get(`/api/listings/${memberListingId}`)).body.user_flags).toBe('');
  });

  it('409 for the last admin', async () => {
    const res = await api.post('/api/admin/users/remove', { id: admin.discordId }, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('The last admin cannot be removed');
    expect((await api.get('/api/is-admin', admin.token)).body.isAdmin).toBe(true);
  });

  it('404 for an id that is not an admin', async () => {
    const res = await api.post('/api/admin/users/remove', { id: '100000000000000098' }, admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Admin not found');
  });

  it('403 for a non-admin', async () => {
    expect((await api.post('/api/admin/users/remove', { id: admin.discordId }, member.token)).status).toBe(
      403,
    );
  });
});
