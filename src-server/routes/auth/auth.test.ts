import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { inbox, linkIn, mailsTo, pathOf, tokenOf, waitForMail } from '../../../tests/helpers/mailbox';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { verifySessionToken } from '../../lib/tokens';

let server: TestServer;
let api: ReturnType<typeof http>;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({ mail: true, env: { RATE_LIMIT_DISABLED: 'true' } });
  api = http(server.url);
});
afterAll(() => server?.stop());

const mailUrl = () => server.mail!.webUrl;
const fresh = () => {
  n += 1;
  return { username: `Newbie${n}`, email: `Newbie${n}@Example.test`, password: 'secret1' };
};
const expireTokens = () =>
  mongoose.connection
    .collection('one_time_tokens')
    .updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });

async function registerAndVerify() {
  const account = fresh();
  expect((await api.post('/api/auth/register', account)).status).toBe(201);
  const mail = await waitForMail(mailUrl(), account.email);
  const verified = await api.get(pathOf(linkIn(mail, '/api/auth/verify-email')));
  expect(verified.headers.get('location')).toBe('/verify-email?status=success');
  return account;
}

describe('POST /api/auth/register', () => {
  it('creates an unverified account and mails an absolute verification link', async () => {
    const account = fresh();
    const res = await api.post('/api/auth/register', account);
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/check your email/i);
    const mail = await waitForMail(mailUrl(), account.email);
    expect(mail.subject).toMatch(/verify/i);
    const link = linkIn(mail, '/api/auth/verify-email');
    expect(link.startsWith(`${server.config.PUBLIC_URL}/api/auth/verify-email?token=`)).toBe(true);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    const login = await api.post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.status).toBe(403);
  });

  it.each([
    [{ username: '', email: 'a@b.test', password: 'secret1' }, 'username', 'Username is required'],
    [
      { username: 'ab', email: 'a@b.test', password: 'secret1' },
      'username',
      'Username must be at least 3 characters',
    ],
    [{ username: 'abc', email: '', password: 'secret1' }, 'email', 'Email is required'],
    [{ username: 'abc', email: 'nope', password: 'secret1' }, 'email', 'Please enter a valid email address'],
    [{ username: 'abc', email: 'a@b.test', password: '' }, 'password', 'Password is required'],
    [
      { username: 'abc', email: 'a@b.test', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
  ])('400 for %o', async (body, field, error) => {
    const res = await api.post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION_ERROR', field });
  });

  it('409 when the username is taken, in any case', async () => {
    const account = fresh();
    await api.post('/api/auth/register', account);
    const res = await api.post('/api/auth/register', {
      ...fresh(),
      username: account.username.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      field: 'username',
      error: 'That username is already taken',
    });
  });

  it('409 when the email is taken, in any case', async () => {
    const account = fresh();
    await api.post('/api/auth/register', account);
    const res = await api.post('/api/auth/register', { ...fresh(), email: account.email.toLowerCase() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'CONFLICT',
      field: 'email',
      error: 'An account with this email already exists',
    });
  });
});

describe('GET /api/auth/verify-email', () => {
  it('verifies once, then says already verified', async () => {
    const account = fresh();
    await api.post('/api/auth/register', account);
    const link = pathOf(linkIn(await waitForMail(mailUrl(), account.email), '/api/auth/verify-email'));
    const first = await api.get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/verify-email?status=success');
    const again = await api.get(link);
    expect(again.headers.get('location')).toBe('/verify-email?status=already_verified');
  });

  it('redirects with missing_token and invalid_token', async () => {
    expect((await api.get('/api/auth/verify-email')).headers.get('location')).toBe(
      '/verify-email?error=missing_token',
    );
    expect((await api.get('/api/auth/verify-email?token=forged')).headers.get('location')).toBe(
      '/verify-email?error=invalid_token',
    );
  });

  it('rejects an expired link', async () => {
    const account = fresh();
    await api.post('/api/auth/register', account);
    const link = pathOf(linkIn(await waitForMail(mailUrl(), account.email), '/api/auth/verify-email'));
    await expireTokens();
    expect((await api.get(link)).headers.get('location')).toBe('/verify-email?error=invalid_token');
  });
});

describe('POST /api/auth/login', () => {
  it('returns a session token and the user', async () => {
    const account = await registerAndVerify();
    const res = await api.post('/api/auth/login', {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      username: account.username,
      email: account.email,
      emailVerified: true,
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const check = verifySessionToken(res.body.token, server.config.JWT_SECRET);
    expect(check).toMatchObject({ ok: true, payload: { id: res.body.user.id, username: account.username } });
  });

  it('403 EMAIL_NOT_VERIFIED with the email for an unverified account', async () => {
    const account = fresh();
    await api.post('/api/auth/register', account);
    const res = await api.post('/api/auth/login', { email: account.email, password: account.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Please verify your email address before logging in.',
      code: 'EMAIL_NOT_VERIFIED',
      email: account.email,
    });
  });

  it('401 for a wrong password or an unknown email, with the same message', async () => {
    const user = await createUser(server.config);
    const wrong = await api.post('/api/auth/login', { email: user.email, password: 'not it' });
    const unknown = await api.post('/api/auth/login', { email: 'nobody@example.test', password: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    expect(unknown.body.error).toBe(wrong.body.error);
  });

  it('400 when a field is missing', async () => {
    expect((await api.post('/api/auth/login', { email: 'a@b.test' })).body).toMatchObject({
      field: 'password',
    });
    expect((await api.post('/api/auth/login', { password: 'x' })).body).toMatchObject({ field: 'email' });
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link to an unverified account and both links work', async () => {
    const account = fresh();
    await api.post('/api/auth/register', account);
    const res = await api.post('/api/auth/resend-verification', { email: account.email });
    expect(res.status).toBe(200);
    const second = pathOf(linkIn(await waitForMail(mailUrl(), account.email, 2), '/api/auth/verify-email'));
    expect((await api.get(second)).headers.get('location')).toBe('/verify-email?status=success');
  });

  it('answers the same for unknown and verified addresses and sends nothing', async () => {
    const user = await createUser(server.config);
    const unknown = await api.post('/api/auth/resend-verification', { email: 'ghost@example.test' });
    const verified = await api.post('/api/auth/resend-verification', { email: user.email });
    expect(unknown.status).toBe(200);
    expect(verified.body).toEqual(unknown.body);
    expect(mailsTo(await inbox(mailUrl()), user.email)).toHaveLength(0);
  });

  it('400 for a malformed email', async () => {
    const res = await api.post('/api/auth/resend-verification', { email: 'nope' });
    expect(res.body).toEqual({
      error: 'Please enter a valid email address',
      code: 'VALIDATION_ERROR',
      field: 'email',
    });
  });
});

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  it('mails a reset link; the token sets a new password once', async () => {
    const user = await createUser(server.config);
    const forgot = await api.post('/api/auth/forgot-password', { email: user.email });
    expect(forgot.status).toBe(200);
    const link = linkIn(await waitForMail(mailUrl(), user.email), '/reset-password');
    expect(link.startsWith(`${server.config.PUBLIC_URL}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);

    const reset = await api.post('/api/auth/reset-password', { token, newPassword: 'brand new pass' });
    expect(reset.status).toBe(200);
    expect(
      (await api.post('/api/auth/login', { email: user.email, password: 'brand new pass' })).status,
    ).toBe(200);
    expect((await api.post('/api/auth/login', { email: user.email, password: user.password })).status).toBe(
      401,
    );

    const reused = await api.post('/api/auth/reset-password', { token, newPassword: 'another pass' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      field: 'token',
      error: 'Invalid or expired reset link. Please request a new password reset.',
    });
  });

  it('lets only one of several simultaneous uses of a reset link through', async () => {
    const user = await createUser(server.config);
    await api.post('/api/auth/forgot-password', { email: user.email });
    const token = tokenOf(linkIn(await waitForMail(mailUrl(), user.email), '/reset-password'));
    const attempts = await Promise.all(
      ['first pass 1', 'second pass 2', 'third pass 3', 'fourth pass 4'].map((newPassword) =>
        api.post('/api/auth/reset-password', { token, newPassword }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const user = await createUser(server.config);
    await api.post('/api/auth/forgot-password', { email: user.email });
    const known = await api.post('/api/auth/forgot-password', { email: user.email });
    const unknown = await api.post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(mailsTo(await inbox(mailUrl()), 'ghost@example.test')).toHaveLength(0);
  });

  it('rejects an expired token, and an older link once a newer one was sent', async () => {
    const user = await createUser(server.config);
    await api.post('/api/auth/forgot-password', { email: user.email });
    const older = tokenOf(linkIn(await waitForMail(mailUrl(), user.email), '/reset-password'));
    await api.post('/api/auth/forgot-password', { email: user.email });
    const newer = tokenOf(linkIn(await waitForMail(mailUrl(), user.email, 2), '/reset-password'));
    expect(
      (await api.post('/api/auth/reset-password', { token: older, newPassword: 'long enough' })).status,
    ).toBe(400);
    await expireTokens();
    expect(
      (await api.post('/api/auth/reset-password', { token: newer, newPassword: 'long enough' })).status,
    ).toBe(400);
  });

  it('400 for a short new password', async () => {
    const res = await api.post('/api/auth/reset-password', { token: 'x', newPassword: 'short' });
    expect(res.body).toEqual({
      error: 'Password must be at least 8 characters long',
      code: 'VALIDATION_ERROR',
      field: 'newPassword',
    });
  });
});

describe('GET /api/auth/me', () => {
  it('returns the current user with settings', async () => {
    const user = await createUser(server.config, { discordId: '111222333444' });
    const res = await api.get('/api/auth/me', user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: true,
      pendingEmail: null,
      discord_id: '111222333444',
      discord_username: user.username,
      avatar: null,
      flags: [],
      settings: { statsPublic: true, emailNotifications: true, directMessages: true, showOnline: true },
      ign: null,
      createdAt: expect.any(String),
    });
  });

  it('401 without a token, with a bad one, and for a deleted account', async () => {
    expect((await api.get('/api/auth/me')).status).toBe(401);
    expect((await api.get('/api/auth/me', 'a.b.c')).status).toBe(401);
    const user = await createUser(server.config);
    await mongoose.connection.collection('users').deleteOne({ _id: user.id } as never);
    expect((await api.get('/api/auth/me', user.token)).status).toBe(401);
  });
});
