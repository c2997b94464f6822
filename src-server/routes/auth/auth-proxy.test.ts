import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startForwardingProxy,
  postFrom,
  type ForwardingProxy,
} from '../../../tests/helpers/forwarding-proxy';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

const login = (n: number) => ({ email: `spoof${n}@example.test`, password: 'wrong password' });

/** A server trusting one proxy hop, behind a proxy that appends to X-Forwarded-For as nginx does. */
function serverBehindProxy(): { readonly url: string } {
  let server: TestServer | undefined;
  let proxy: ForwardingProxy | undefined;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
    proxy = await startForwardingProxy(server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });
  return {
    get url() {
      return proxy!.url;
    },
  };
}

describe('rate limits without a trusted proxy (TRUST_PROXY=0, the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('count attempts by the connection, whatever X-Forwarded-For claims', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await postFrom('127.0.0.1', `${server.url}/api/auth/login`, login(i), {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('rate limits behind one proxy that appends to X-Forwarded-For (TRUST_PROXY=1)', () => {
  const proxied = serverBehindProxy();

  it('a client forging X-Forwarded-For is still counted by its real address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await postFrom('127.0.0.2', `${proxied.url}/api/auth/login`, login(i), {
        'x-forwarded-for': `1.2.3.${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('another client behind the same proxy keeps its own count', async () => {
    const res = await postFrom('127.0.0.3', `${proxied.url}/api/auth/login`, login(99), {
      'x-forwarded-for': '127.0.0.2',
    });
    expect(res.status).toBe(401);
  });
});

describe('sign-ups behind the proxy', () => {
  const proxied = serverBehindProxy();

  it('POST /api/auth/register: a forged X-Forwarded-For does not escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postFrom(
        '127.0.0.4',
        `${proxied.url}/api/auth/register`,
        { username: `proxied${i}`, email: `proxied${i}@example.test`, password: 'secret1' },
        { 'x-forwarded-for': `1.2.3.${i}` },
      );
      statuses.push(res.status);
    }
    expect(statuses[5]).toBe(429);
  });
});
