import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscordOnlyUser, createUser, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { inbox, linkIn, mailsTo, pathOf, waitForMail } from '../../../tests/helpers/mailbox';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;

beforeAll(async () => {
  server = await startTestServer({ mail: true, env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

const user = () => createUser(server.config);
const login = (email: string, password: string) => api.post('/api/auth/login', { email, password });
const mailCount = async (address: string) => mailsTo(await inbox(server.mail!.webUrl), address).length;

/** Opens the n-th verification link mailed to `address`; answers where the server redirects. */
async function openVerification(address: string, n = 1): Promise<string | null> {
  const link = linkIn(await waitForMail(server.mail!.webUrl, address, n), '/api/auth/verify-email');
  return (await api.get(pathOf(link))).headers.get('location');
}

describe('POST /api/auth/link-email: an account with a password', () => {
  it('400 without the current password, and nothing changes or is mailed', async () => {
    const u = await user();
    const next = `nopass${u.id}@example.test`;
    const res = await api.post('/api/auth/link-email', { email: next }, u.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Current password is required',
      code: 'VALIDATION_ERROR',
      field: 'currentPassword',
    });
    // The first-link payload (email, password) is no proof of the current password either.
    const old = await api.post('/api/auth/link-email', { email: next, password: 'long enough' }, u.token);
    expect(old.body).toMatchObject({ error: 'Current password is required', field: 'currentPassword' });
    expect((await api.get('/api/auth/me', u.token)).body).toMatchObject({
      email: u.email,
      pendingEmail: null,
    });
    expect(await mailCount(next)).toBe(0);
  });

  it('400 for a wrong current password, and nothing changes or is mailed', async () => {
    const u = await user();
    const next = `wrongpass${u.id}@example.test`;
    const res = await api.post(
      '/api/auth/link-email',
      { email: next, currentPassword: 'not my password' },
      u.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Current password is incorrect', field: 'currentPassword' });
    expect((await api.get('/api/auth/me', u.token)).body.pendingEmail).toBeNull();
    expect(await mailCount(next)).toBe(0);
  });

  it('keeps the old address as the login until the new one is verified, then switches, tells the old address and ends every session', async () => {
    const u = await user();
    const next = `switched${u.id}@example.test`;
    const res = await api.post('/api/auth/link-email', { email: next, currentPassword: u.password }, u.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Verification sent to ${next}. Your login email stays ${u.email} until you open the link in that email.`,
    );
    expect((await api.get('/api/auth/me', u.token)).body).toMatchObject({
      email: u.email,
      emailVerified: true,
      pendingEmail: next,
    });

    // Pending: the new address does not log in, the old one does.
    expect((await login(next, u.password)).status).toBe(401);
    const before = await login(u.email, u.password);
    expect(before.status).toBe(200);

    expect(await openVerification(next)).toBe('/verify-email?status=success');

    // Switched: the new address logs in (the verifying browser can start again), the old one no longer does.
    expect((await login(next, u.password)).status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(401);
    const notice = await waitForMail(server.mail!.webUrl, u.email, 1);
    expect(notice.subject).toBe('Your Brighter Shores Market login email was changed');
    expect(notice.text).toContain(`changed from ${u.email} to ${next}`);

    // Every session from before the switch is over.
    expect((await api.get('/api/auth/me', u.token)).status).toBe(401);
    expect((await api.get('/api/auth/me', before.body.token)).status).toBe(401);
    const fresh = await login(next, u.password);
    expect((await api.get('/api/auth/me', fresh.body.token)).body).toMatchObject({
      email: next,
      emailVerified: true,
      pendingEmail: null,
    });
  });

  it('a newer request replaces the pending address; the older link then verifies nothing', async () => {
    const u = await user();
    const first = `first${u.id}@example.test`;
    const second = `second${u.id}@example.test`;
    for (const email of [first, second]) {
      const res = await api.post('/api/auth/link-email', { email, currentPassword: u.password }, u.token);
      expect(res.status).toBe(200);
    }
    expect(await openVerification(first)).toBe('/verify-email?error=invalid_token');
    expect((await login(u.email, u.password)).status).toBe(200);
    expect(await openVerification(second)).toBe('/verify-email?status=success');
    expect((await login(second, u.password)).status).toBe(200);
  });

  it('409 for an address another account logs in with, only once the password is right', async () => {
    const [a, b] = [await user(), await user()];
    const wrong = await api.post(
      '/api/auth/link-email',
      { email: b.email, currentPassword: 'not my password' },
      a.token,
    );
    expect(wrong.body).toMatchObject({ error: 'Current password is incorrect' });
    const res = await api.post(
      '/api/auth/link-email',
      { email: b.email.toUpperCase(), currentPassword: a.password },
      a.token,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'This email is already linked to another account',
      field: 'email',
    });
  });

  it('400 when it also sends a new password (that is change-password’s job)', async () => {
    const u = await user();
    const res = await api.post(
      '/api/auth/link-email',
      { email: `both${u.id}@example.test`, currentPassword: u.password, password: 'another one' },
      u.token,
    );
    expect(res.body).toMatchObject({ field: 'password' });
  });

  it('400 for its own verified address', async () => {
    const u: TestUser = await user();
    const res = await api.post(
      '/api/auth/link-email',
      { email: u.email, currentPassword: u.password },
      u.token,
    );
    expect(res.body).toMatchObject({ error: 'This is already your login email', field: 'email' });
  });
});

describe('POST /api/auth/link-email: a Discord-only account', () => {
  it('links its first address and sets its first password; the address logs in once verified, and the Discord sessions end', async () => {
    const { id, token } = await createDiscordOnlyUser(server.config, '771234567890');
    const email = `linked${id}@example.test`;
    const res = await api.post('/api/auth/link-email', { email, password: 'long enough' }, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Email linked successfully!/);
    expect((await api.get('/api/auth/me', token)).body).toMatchObject({
      email,
      emailVerified: false,
      pendingEmail: null,
    });
    expect((await login(email, 'long enough')).body.code).toBe('EMAIL_NOT_VERIFIED');

    expect(await openVerification(email)).toBe('/verify-email?status=success');
    expect((await login(email, 'long enough')).status).toBe(200);
    expect((await api.get('/api/auth/me', token)).status).toBe(401);
  });

  it('400 without the new password', async () => {
    const { id, token } = await createDiscordOnlyUser(server.config, '771234567891');
    const res = await api.post(
      '/api/auth/link-email',
      { email: `nopw${id}@example.test`, currentPassword: 'anything' },
      token,
    );
    expect(res.body).toMatchObject({ error: 'Password is required', field: 'password' });
  });

  it('409 when the email belongs to another account', async () => {
    const { token } = await createDiscordOnlyUser(server.config, '771234567892');
    const b = await user();
    const res = await api.post(
      '/api/auth/link-email',
      { email: b.email.toUpperCase(), password: 'long enough' },
      token,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'This email is already linked to another account',
      field: 'email',
    });
  });
});

describe('POST /api/auth/link-email: validation', () => {
  it.each([
    [{ email: 'nope', password: 'long enough' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.test', password: 'short' }, 'password', 'Password must be at least 8 characters long'],
    [{ email: 'a@b.test', currentPassword: '' }, 'currentPassword', 'Current password is required'],
  ])('400 for %o', async (body, field, error) => {
    const u = await user();
    expect((await api.post('/api/auth/link-email', body, u.token)).body).toMatchObject({ field, error });
  });

  it('401 without a session', async () => {
    expect(
      (await api.post('/api/auth/link-email', { email: 'a@b.test', password: 'long enough' })).status,
    ).toBe(401);
  });
});
