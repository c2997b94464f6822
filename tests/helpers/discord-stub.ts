import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookStub, type WebhookStub } from './discord-webhook-stub';

export interface StubDiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

export interface DiscordStub {
  /** Use as DISCORD_API_BASE. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /**
   * Who "logs in to Discord" at the next authorize; null makes the user press Cancel. Tests in other
   * processes (the browser tests) set it with `POST {apiBase}/__stub/user` and the user as JSON.
   */
  setUser(user: StubDiscordUser | null): void;
  /** Its webhooks (`{webhookBase}/<id>/<token>`), which record what saved searches post to them. */
  webhooks: WebhookStub;
  /** `http://127.0.0.1:<port>/api/webhooks`: a webhook URL the server accepts is this plus `/<id>/<token>`. */
  webhookBase: string;
  stop(): Promise<void>;
}

/** The server's settings that send its Discord login, and its saved searches' webhooks, to the stub. */
export const discordEnv = (stub: Pick<DiscordStub, 'apiBase' | 'clientId' | 'clientSecret'>) => ({
  DISCORD_API_BASE: stub.apiBase,
  DISCORD_CLIENT_ID: stub.clientId,
  DISCORD_CLIENT_SECRET: stub.clientSecret,
  DISCORD_WEBHOOK_HOSTS: new URL(stub.apiBase).host,
});

/**
 * A stand-in for Discord's three OAuth2 endpoints and its webhooks. Authorize approves at once and
 * redirects back with a one-use code; token checks the client credentials, code and redirect URI like
 * Discord does; users/@me answers for the access token; webhooks: discord-webhook-stub.ts.
 */
export async function startDiscordStub(): Promise<DiscordStub> {
  const clientId = 'stub-client-id';
  const clientSecret = 'stub-client-secret';
  let current: StubDiscordUser | null = null;
  const codes = new Map<string, { user: StubDiscordUser; redirectUri: string }>();
  const webhooks = createWebhookStub();
  const accessTokens = new Map<string, StubDiscordUser>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (await webhooks.handle(req, res, url)) return;
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (url.searchParams.get('client_id') !== clientId || !current) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(8).toString('hex');
        codes.set(code, { user: current, redirectUri });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const valid =
        grant &&
        form.get('client_id') === clientId &&
        form.get('client_secret') === clientSecret &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('redirect_uri') === grant.redirectUri;
      if (!valid) return send(res, 400, { error: 'invalid_grant' });
      const accessToken = randomBytes(12).toString('hex');
      accessTokens.set(accessToken, grant.user);
      return send(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 604800,
        scope: 'identify',
      });
    }
    if (req.method === 'POST' && url.pathname === '/__stub/user') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      current = raw ? (JSON.parse(raw) as StubDiscordUser | null) : null;
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/users/@me') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const user = accessTokens.get(token);
      return user ? send(res, 200, user) : send(res, 401, { message: '401: Unauthorized' });
    }
    send(res, 404, { message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    setUser: (user) => {
      current = user;
    },
    webhooks,
    webhookBase: `http://127.0.0.1:${port}/api/webhooks`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
