import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { UserModel } from '../../models/user';
import { issueTicket } from '../../services/accounts/login-tickets';

/**
 * Rate limits on (the default), the server behind one trusted proxy hop (TRUST_PROXY=1) so each test can
 * speak from its own address by naming it in X-Forwarded-For, and no mail server: the SMTP port refuses
 * connections. (auth-proxy.test.ts checks the same limits through a real proxy.)
 */
let server: TestServer;
let owner: TestUser;
let ip = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  owner = await createUser(server.config);
});
afterAll(() => server?.stop());

/** Each client speaks from its own address (X-Forwarded-For), so limits do not leak between tests. */
function client() {
  ip += 1;
  const from = `203.0.113.${ip}`;
  return (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    }).then(async (res) => ({
      status: res.status,
      body: await res.json(),
      retryAfter: res.headers.get('retry-after'),
      rateLimit: res.headers.get('ratelimit'),
      policy: res.headers.get('ratelimit-policy'),
    }));
}

describe('POST /api/auth/login limits', () => {
  it('429 after 5 wrong passwords for one account from one address, with Retry-After and RateLimit', async () => {
    const post = client();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/api/auth/login', { email: 'victim@example.test', password: `guess${i}` })).status,
      ).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: 'VICTIM@example.test', password: 'guess' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ seconds\.$/),
    });
    const retryAfter = Number(blocked.retryAfter);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.policy).toBe('"login-ip";q=10;w=60, "login-ip-account";q=5;w=900');
    expect(blocked.rateLimit).toMatch(/^"login-ip";r=4;t=\d+, "login-ip-account";r=0;t=(\d+)$/);
    expect(blocked.rateLimit!.endsWith(`t=${retryAfter}`)).toBe(true);
  });

  it('sends RateLimit and RateLimit-Policy on ordinary answers too', async () => {
    const res = await client()('/api/auth/login', { email: 'someone@example.test', password: 'nope' });
    expect(res.status).toBe(401);
    expect(res.policy).toBe(
      '"login-ip";q=10;w=60, "login-ip-account";q=5;w=900, "login-account";q=100;w=3600',
    );
    expect(res.rateLimit).toMatch(
      /^"login-ip";r=9;t=60, "login-ip-account";r=4;t=900, "login-account";r=99;t=3600$/,
    );
  });

  it("another address's wrong passwords do not lock the owner out", async () => {
    const attacker = client();
    for (let i = 0; i < 8; i += 1) {
      await attacker('/api/auth/login', { email: owner.email, password: `guess${i}` });
    }
    expect((await attacker('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(
      429,
    );
    const res = await client()('/api/auth/login', { email: owner.email, password: owner.password });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
  });

  it("a successful login clears that address's count of failures", async () => {
    const post = client();
    const wrong = () => post('/api/auth/login', { email: owner.email, password: 'not it' });
    for (let i = 0; i < 4; i += 1) expect((await wrong()).status).toBe(401);
    expect((await post('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(
      200,
    );
    for (let i = 0; i < 4; i += 1) expect((await wrong()).status).toBe(401);
  });

  it('a parallel burst of wrong passwords gets no more than 5 tries', async () => {
    const post = client();
    const statuses = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        post('/api/auth/login', { email: 'burst@example.test', password: `g${i}` }),
      ),
    ).then((all) => all.map((r) => r.status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('100 failures an hour spread over many addresses hold a new address off the account, not one the owner logged in from', async () => {
    const victim = await createUser(server.config);
    const ownersLaptop = client();
    const login = (post: ReturnType<typeof client>, password: string) =>
      post('/api/auth/login', { email: victim.email, password });
    expect((await login(ownersLaptop, victim.password)).status).toBe(200);
    for (let round = 0; round < 10; round += 1) {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(client(), `guess${round}-${i}`).then((r) => r.status)),
      );
      expect(statuses).toEqual(Array(10).fill(401));
    }
    const newcomer = await login(client(), victim.password);
    expect(newcomer.status).toBe(429);
    expect(newcomer.policy).toContain('"login-account";q=100;w=3600');
    const owner = await login(ownersLaptop, victim.password);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('429 after 10 attempts from one address, whatever the accounts', async () => {
    const post = client();
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/login', { email: `spray${i}@example.test`, password: 'x' })).status).toBe(
        401,
      );
    }
    expect((await post('/api/auth/login', { email: 'spray-last@example.test', password: 'x' })).status).toBe(
      429,
    );
  });
});

describe('mail limits: at most 3 an hour to one address', () => {
  it('POST /api/auth/forgot-password: the 4th request for one address within the hour gets 429', async () => {
    const [a, b] = [client(), client()];
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await (i % 2 ? a : b)('/api/auth/forgot-password', { email: 'ghost@example.test' })).status,
      ).toBe(200);
    }
    const blocked = await a('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(15 * 60);
  });

  it('POST /api/auth/forgot-password: the limit answers the same whether or not the account exists', async () => {
    const known = await createUser(server.config);
    const [mine, theirs] = [client(), client()];
    for (let i = 0; i < 3; i += 1) {
      await mine('/api/auth/forgot-password', { email: known.email });
      await theirs('/api/auth/forgot-password', { email: `nobody-${known.id}@example.test` });
    }
    const [a, b] = await Promise.all([
      mine('/api/auth/forgot-password', { email: known.email }),
      theirs('/api/auth/forgot-password', { email: `nobody-${known.id}@example.test` }),
    ]);
    expect(a.status).toBe(429);
    expect(b.status).toBe(429);
    // The same words and code; the seconds left count from each address's own first request.
    const withoutSeconds = (body: { error: string }) => ({
      ...body,
      error: body.error.replace(/\d+ seconds/, 'N seconds'),
    });
    expect(withoutSeconds(a.body)).toEqual(withoutSeconds(b.body));
  });

  it('verification and reset mail share the count for one address', async () => {
    const post = client();
    expect((await post('/api/auth/resend-verification', { email: 'shared@example.test' })).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email: 'shared@example.test' })).status).toBe(200);
    expect((await client()('/api/auth/resend-verification', { email: 'shared@example.test' })).status).toBe(
      200,
    );
    expect((await client()('/api/auth/forgot-password', { email: 'Shared@example.test' })).status).toBe(429);
  });

  it('POST /api/auth/resend-verification: 429 after 5 requests from one address', async () => {
    const post = client();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/resend-verification', { email: `who${i}@example.test` })).status).toBe(
        200,
      );
    }
    expect((await post('/api/auth/resend-verification', { email: 'who-else@example.test' })).status).toBe(
      429,
    );
  });
});

describe('POST /api/auth/ticket limits', () => {
  it('10 unknown tickets from one address in 15 minutes, then 429 even for a real one; tickets that work cost nothing', async () => {
    const post = client();
    for (let i = 0; i < 12; i += 1) {
      const ticket = await issueTicket('login-ticket', owner.id);
      expect((await post('/api/auth/ticket', { ticket })).status).toBe(200);
    }
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/ticket', { ticket: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await post('/api/auth/ticket', { ticket: await issueTicket('login-ticket', owner.id) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many login link attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(14 * 60);
    expect(blocked.policy).toBe('"ticket-ip";q=10;w=900');
    const elsewhere = await client()('/api/auth/ticket', {
      ticket: await issueTicket('login-ticket', owner.id),
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('when mail cannot be sent, the forms still say nothing about the account', () => {
  it('POST /api/auth/forgot-password: a known address gets the answer an unknown one gets; the failure is logged', async () => {
    const known = await createUser(server.config);
    const logged = vi.spyOn(server.deps.logger, 'error');
    const mine = await client()('/api/auth/forgot-password', { email: known.email });
    const unknown = await client()('/api/auth/forgot-password', { email: `nobody-${known.id}@example.test` });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(unknown.body);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ userId: known.id }),
      'password reset mail failed',
    );
    logged.mockRestore();
  });

  it('POST /api/auth/resend-verification: an unverified account gets the answer an unknown one gets; the failure is logged', async () => {
    const unverified = await createUser(server.config);
    await UserModel.updateOne({ _id: unverified.id }, { $set: { emailVerified: false } });
    const logged = vi.spyOn(server.deps.logger, 'error');
    const mine = await client()('/api/auth/resend-verification', { email: unverified.email });
    const unknown = await client()('/api/auth/resend-verification', {
      email: `nobody-${unverified.id}@example.test`,
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(unknown.body);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ userId: unverified.id }),
      'verification mail failed',
    );
    logged.mockRestore();
  });
});

describe('POST /api/auth/register limits', () => {
  it('a refused sign-up (here: mail that could not be sent) does not count against the address', async () => {
    for (let i = 0; i < 4; i += 1) {
      const res = await client()('/api/auth/register', {
        username: `Retry${i}`,
        email: 'retrying@example.test',
        password: 'secret1',
      });
      expect(res.status).toBe(503);
    }
  });

  it('429 after 5 sign-ups from one address', async () => {
    const post = client();
    for (let i = 0; i < 5; i += 1) {
      await post('/api/auth/register', {
        username: `limited${i}`,
        email: `limited${i}@example.test`,
        password: 'secret1',
      });
    }
    const blocked = await post('/api/auth/register', {
      username: 'limited9',
      email: 'limited9@example.test',
      password: 'secret1',
    });
    expect(blocked.status).toBe(429);
  });
});

describe('POST /api/auth/register when mail cannot be sent', () => {
  it('503 MAIL_FAILED, keeps no account, and the same details can be tried again', async () => {
    const post = client();
    const account = { username: 'Unlucky', email: 'unlucky@example.test', password: 'secret1' };
    const first = await post('/api/auth/register', account);
    expect(first.status).toBe(503);
    expect(first.body.code).toBe('MAIL_FAILED');
    expect(await UserModel.exists({ usernameLower: 'unlucky' })).toBeNull();
    expect((await post('/api/auth/register', account)).status).toBe(503);
  });

  it('the register route still validates before anything else', async () => {
    const res = await http(server.url).post('/api/auth/register', { username: 'x' });
    expect(res.status).toBe(400);
  });
});
