import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, listingBody, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { nextId } from '../../models/counter';
import { UserModel } from '../../models/user';
import { backfillUsernameSkeletons } from '../../services/accounts/usernames';

let server: TestServer;
let api: ReturnType<typeof http>;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer({ mail: true, env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
  alice = await createUser(server.config, { username: 'Alice', email: 'alice@example.test' });
});
afterAll(() => server?.stop());

let seq = 0;
const register = (username: string) => {
  seq += 1;
  return api.post('/api/auth/register', {
    username,
    email: `names${seq}@example.test`,
    password: 'secret12',
  });
};
const rename = async (username: string) => {
  const u = await createUser(server.config);
  return api.post('/api/auth/update-username', { username }, u.token);
};

const CHARACTERS = 'Username can only contain letters, numbers, spaces, _, - and .';
const TOO_SIMILAR = "That name is too similar to an existing player's name";

/** A user written as an older version of the app did: any name, no skeleton. */
async function legacyUser(username: string) {
  const id = await nextId('users');
  const email = `legacy${id}@example.test`;
  await UserModel.create({
    _id: id,
    username,
    usernameLower: username.toLowerCase(),
    email,
    emailLower: email,
    emailVerified: true,
    passwordHash: await bcrypt.hash('legacy pass', 4),
  });
  return { id, email };
}

const BAD_NAMES: Array<[string, string]> = [
  ['a zero-width space', 'Ali\u200bce2'],
  ['a soft hyphen', 'Ali\u00adce2'],
  ['a bidi override', 'Bob\u202eevil'],
  ['NUL', 'Bob\u0000x'],
  ['a newline', 'Bob\nx'],
  ['a script tag', '<script>'],
];

describe('POST /api/auth/register: names', () => {
  it.each(BAD_NAMES)('400 for %s', async (_label, username) => {
    const res = await register(username);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: CHARACTERS, code: 'VALIDATION_ERROR', field: 'username' });
    expect(await UserModel.exists({ username })).toBeNull();
  });

  it('409 for a Cyrillic look-alike of an existing name (U+0410 for the A)', async () => {
    const res = await register('\u0410lice');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: TOO_SIMILAR, code: 'CONFLICT', field: 'username' });
  });

  it('409 for a fullwidth spelling of an existing name, which is the same name once normalised', async () => {
    const res = await register('\uff21lice');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'That username is already taken', field: 'username' });
  });

  it('409 for "AIice" with a capital I', async () => {
    expect((await register('AIice')).body).toMatchObject({ error: TOO_SIMILAR });
  });

  it('stores the normalised name and its skeleton', async () => {
    const res = await register('Ｚｏｅ Ｐｌａｙｓ');
    expect(res.status).toBe(201);
    expect(await UserModel.findOne({ username: 'Zoe Plays' }).lean()).toMatchObject({
      usernameLower: 'zoe plays',
      usernameSkeleton: 'zoe plays',
    });
  });
});

describe('POST /api/auth/update-username: names', () => {
  it.each(BAD_NAMES)('400 for %s', async (_label, username) => {
    const res = await rename(username);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: CHARACTERS, field: 'username' });
  });

  it('409 for a Cyrillic look-alike of another player’s name', async () => {
    const res = await rename('\u0410lice');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: TOO_SIMILAR, code: 'CONFLICT', field: 'username' });
  });

  it('409 for a fullwidth look-alike of another player’s name', async () => {
    const res = await rename('\uff21lice');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'That username is already taken' });
  });

  it('lets a player take a look-alike of their own name', async () => {
    const res = await api.post('/api/auth/update-username', { username: 'AIice' }, alice.token);
    expect(res.status).toBe(200);
    await api.post('/api/auth/update-username', { username: 'Alice' }, alice.token);
  });

  it('a look-alike pair racing for the name: one wins, the other gets the 409', async () => {
    const [a, b] = [await createUser(server.config), await createUser(server.config)];
    const results = await Promise.all([
      api.post('/api/auth/update-username', { username: 'Racer' }, a.token),
      api.post('/api/auth/update-username', { username: 'R\u0430cer' }, b.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('GET /api/user/resolve/:username', () => {
  it.each([
    ['lower case', 'alice'],
    ['fullwidth', 'Ａｌｉｃｅ'],
    ['fullwidth upper case', 'ＡＬＩＣＥ'],
    ['surrounding spaces', ' alice '],
  ])('finds alice by %s', async (_label, name) => {
    const res = await api.get(`/api/user/resolve/${encodeURIComponent(name)}`);
    expect(res.body).toEqual({ userId: alice.id });
  });

  it('404 for a look-alike that is not the name', async () => {
    expect((await api.get(`/api/user/resolve/${encodeURIComponent('\u0410lice')}`)).status).toBe(404);
  });
});

describe('names from before the rules', () => {
  it('keep logging in, resolving, showing on their profile, and posting and editing listings', async () => {
    const name = 'Bob\u202e';
    const legacy = await legacyUser(name);
    const login = await api.post('/api/auth/login', { email: legacy.email, password: 'legacy pass' });
    expect(login.status).toBe(200);
    expect(login.body.user.username).toBe(name);
    expect((await api.get(`/api/user/resolve/${encodeURIComponent(name)}`)).body).toEqual({
      userId: legacy.id,
    });
    expect((await api.get(`/api/profile/${legacy.id}`)).body.profile.username).toBe(name);

    const listing = await postListing(server.url, login.body.token);
    expect(listing.seller).toBe(name);
    const edit = await api.put(`/api/listings/${listing.id}`, listingBody({ quantity: 2 }), login.body.token);
    expect(edit.status).toBe(200);
    expect((await api.get(`/api/listings/${listing.id}`)).body).toMatchObject({ seller: name, quantity: 2 });
  });

  it('get their skeleton from the backfill; of a look-alike pair the older keeps it, both keep working', async () => {
    const older = await legacyUser('Dave');
    const younger = await legacyUser('D\u0430ve');
    await backfillUsernameSkeletons();
    expect((await UserModel.findById(older.id).lean())?.usernameSkeleton).toBe('dave');
    expect((await UserModel.findById(younger.id).lean())?.usernameSkeleton).toBeUndefined();
    for (const u of [older, younger]) {
      expect((await api.post('/api/auth/login', { email: u.email, password: 'legacy pass' })).status).toBe(
        200,
      );
    }
    expect((await register('DAVE')).body).toMatchObject({ error: 'That username is already taken' });
    expect((await register('Dav\u0435')).body).toMatchObject({ error: TOO_SIMILAR });
  });
});
