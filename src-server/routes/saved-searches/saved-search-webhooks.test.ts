import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_URL_INVALID, type SavedSearch } from '../../../src-common/schemas/saved-search';
import { WebhookDeliveryModel } from '../../models/webhook-delivery';
import { discordEnv, startDiscordStub, type DiscordStub } from '../../../tests/helpers/discord-stub';
import { createUser, postListing, type TestUser } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { connectSocket, nextEvent, type MarketSocket } from '../../../tests/helpers/sockets';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

/**
 * The per-webhook window this file's server counts its 30 posts in (a minute in production): long enough
 * that the limit test's 36 listings are all queued within one window even on a loaded machine.
 */
const WINDOW_SECONDS = 20;

let server: TestServer;
let stub: DiscordStub;
let api: ReturnType<typeof http>;
const sockets: MarketSocket[] = [];
let nextHook = 1000;

beforeAll(async () => {
  stub = await startDiscordStub();
  server = await startTestServer({
    env: {
      ...discordEnv(stub),
      // The limit test posts more listings a minute than one account may.
      RATE_LIMIT_DISABLED: 'true',
      TEST_WEBHOOK_WINDOW_SECONDS: String(WINDOW_SECONDS),
    },
  });
  api = http(server.url);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
  await stub?.stop();
});

/** A fresh webhook of the stand-in: its id, and the URL a player pastes. */
function newWebhook(): { id: string; url: string; token: string } {
  const id = String(++nextHook);
  const token = `tok-${id}-secretpart`;
  return { id, token, url: `${stub.webhookBase}/${id}/${token}` };
}

async function save(user: TestUser, body: Record<string, unknown>): Promise<SavedSearch> {
  const res = await api.post<SavedSearch>('/api/saved-searches', body, user.token);
  expect(res.status).toBe(201);
  return res.body;
}

/** A search for one catalogue item with a webhook, ready to post. */
async function watched(
  item: string,
): Promise<{ user: TestUser; search: SavedSearch; hook: ReturnType<typeof newWebhook> }> {
  const user = await createUser(server.config);
  const hook = newWebhook();
  const search = await save(user, { name: `${item} watch`, filters: { q: item }, webhookUrl: hook.url });
  return { user, search, hook };
}

describe('a saved search webhook URL', () => {
  it('is saved with the search and answered only masked, on every answer', async () => {
    const user = await createUser(server.config);
    const hook = newWebhook();
    const search = await save(user, { name: 'Starfish', filters: { q: 'starfish' }, webhookUrl: hook.url });
    const masked = `${new URL(stub.webhookBase).origin}/api/webhooks/${hook.id.slice(0, 3)}…/…${hook.token.slice(-4)}`;
    expect(search.webhook).toEqual({ url: masked, enabled: true, disabledReason: null });
    const list = await api.get<{ searches: SavedSearch[] }>('/api/saved-searches', user.token);
    expect(list.body.searches[0].webhook?.url).toBe(masked);
    expect(JSON.stringify(list.body)).not.toContain(hook.token);
    expect(JSON.stringify(search)).not.toContain(hook.token);
  });

  it('is set, replaced and cleared with PUT /api/saved-searches/{id}/webhook', async () => {
    const user = await createUser(server.config);
    const search = await save(user, { name: 'No hook', filters: { q: 'lobster' } });
    expect(search.webhook).toBeNull();
    const hook = newWebhook();
    const set = await api.put<SavedSearch>(
      `/api/saved-searches/${search.id}/webhook`,
      { webhookUrl: hook.url },
      user.token,
    );
    expect(set.status).toBe(200);
    expect(set.body.webhook).toMatchObject({ enabled: true, disabledReason: null });
    expect(JSON.stringify(set.body)).not.toContain(hook.token);
    const cleared = await api.put<SavedSearch>(
      `/api/saved-searches/${search.id}/webhook`,
      { webhookUrl: null },
      user.token,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.webhook).toBeNull();
  });

  it("answers 404 for another player's search or an unknown one, 401 without a session", async () => {
    const owner = await createUser(server.config);
    const other = await createUser(server.config);
    const search = await save(owner, { name: 'Mine', filters: { q: 'eel' } });
    const body = { webhookUrl: newWebhook().url };
    expect((await api.put(`/api/saved-searches/${search.id}/webhook`, body, other.token)).status).toBe(404);
    expect((await api.put('/api/saved-searches/999999/webhook', body, owner.token)).status).toBe(404);
    expect((await api.put(`/api/saved-searches/${search.id}/webhook`, body)).status).toBe(401);
    expect((await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, other.token)).status).toBe(
      404,
    );
  });

  it('accepts only Discord webhook URLs on DISCORD_WEBHOOK_HOSTS, and fetches none of the others', async () => {
    const user = await createUser(server.config);
    const search = await save(user, { name: 'Refusals', filters: { q: 'herring' } });
    const stubHost = new URL(stub.webhookBase).host;
    const refused = [
      'https://evil.example/api/webhooks/1/abc',
      // Listed hosts only over https (plain http is only for the loopback stand-in under NODE_ENV=test).
      'http://discord.com/api/webhooks/1/abc',
      `https://${stubHost}.evil.example/api/webhooks/1/abc`,
      `http://user:pw@${stubHost}/api/webhooks/1/abc`,
      `${stub.webhookBase}/1/abc?wait=true`,
      `http://${stubHost}/api/users/1/abc`,
      `http://${stubHost}/api/webhooks/abc/def`,
      'not a url',
      42,
    ];
    for (const webhookUrl of refused) {
      const res = await api.put(`/api/saved-searches/${search.id}/webhook`, { webhookUrl }, user.token);
      expect(res.status, String(webhookUrl)).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'webhookUrl',
        error: WEBHOOK_URL_INVALID,
      });
    }
    const onCreate = await api.post(
      '/api/saved-searches',
      { name: 'x', filters: { q: 'x' }, webhookUrl: 'https://evil.example/api/webhooks/1/abc' },
      user.token,
    );
    expect(onCreate.status).toBe(400);
    expect(onCreate.body.field).toBe('webhookUrl');
    expect(stub.webhooks.posts('1')).toEqual([]);
  });
});

describe('posting new matches to the webhook', () => {
  it('posts each new matching listing as an embed: item, type, quantity, price each and total, seller, link', async () => {
    const { user, hook } = await watched('Golden Starfish');
    const seller = await createUser(server.config);
    await postListing(server.url, user.token, { item: 'Golden Starfish' });
    await postListing(server.url, seller.token, { item: 'Ghost Lobster' });
    const listing = await postListing(server.url, seller.token, {
      item: 'Golden Starfish',
      quantity: 4,
      silver: 2,
      copper: 50,
    });
    const [post] = await stub.webhooks.waitForPosts(hook.id, 1);
    expect(post.token).toBe(hook.token);
    expect(post.body.allowed_mentions).toEqual({ parse: [] });
    const [embed] = post.body.embeds;
    expect(embed.url).toBe(`${server.config.PUBLIC_URL}/listing/${listing.id}`);
    expect(Object.fromEntries(embed.fields!.map((f) => [f.name, f.value]))).toEqual({
      Item: 'Golden Starfish',
      Type: 'Sell',
      Quantity: '4',
      'Price each': '2s 50c',
      Total: '8s 200c',
      Seller: seller.username,
    });
    // Their own listing (posted first) and the lobster were not posted.
    expect(stub.webhooks.posts(hook.id)).toHaveLength(1);
    expect(await WebhookDeliveryModel.countDocuments({ webhookId: hook.id })).toBe(0);
  });

  it('obeys a 429: the same post again after retry_after, and nothing before', async () => {
    const { hook } = await watched('Duke Sprey');
    const seller = await createUser(server.config);
    stub.webhooks.script(hook.id, { status: 429, retryAfter: 0.8 });
    const first = await postListing(server.url, seller.token, { item: 'Duke Sprey' });
    const second = await postListing(server.url, seller.token, { item: 'Duke Sprey', silver: 3 });
    const posts = await stub.webhooks.waitForPosts(hook.id, 3);
    const links = posts.map((p) => p.body.embeds[0].url);
    expect(links).toEqual([first, first, second].map((l) => `${server.config.PUBLIC_URL}/listing/${l.id}`));
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(800);
  });

  it('turns the webhook off after a 404 and tells the player with webhook_disabled', async () => {
    const { user, search, hook } = await watched('Fire Beetle');
    const seller = await createUser(server.config);
    const socket = await connectSocket(server.url, user.token);
    sockets.push(socket);
    stub.webhooks.script(hook.id, { status: 404 });
    const told = nextEvent(socket, 'notification', (n) => n.kind === 'webhook_disabled');
    await postListing(server.url, seller.token, { item: 'Fire Beetle' });
    const notification = await told;
    expect(notification).toMatchObject({
      kind: 'webhook_disabled',
      searchId: search.id,
      link: '/myprofile?tab=searches',
    });
    expect(notification.message).toContain('Fire Beetle watch');
    const list = await api.get<{ searches: SavedSearch[] }>('/api/saved-searches', user.token);
    expect(list.body.searches[0].webhook).toMatchObject({
      enabled: false,
      disabledReason: expect.stringContaining('404'),
    });

    // Off: the next match is not posted (its notification arrives, the webhook gets nothing more).
    const match = nextEvent(socket, 'notification', (n) => n.kind === 'saved_search_match');
    await postListing(server.url, seller.token, { item: 'Fire Beetle', silver: 2 });
    await match;
    expect(stub.webhooks.posts(hook.id)).toHaveLength(1);

    // Setting the URL again turns it back on.
    const again = await api.put<SavedSearch>(
      `/api/saved-searches/${search.id}/webhook`,
      { webhookUrl: hook.url },
      user.token,
    );
    expect(again.body.webhook).toMatchObject({ enabled: true, disabledReason: null });
  });

  it(`posts at most 30 a window per webhook and sums up the overflow in one post`, async () => {
    const { hook } = await watched('Emperor Cod');
    const sellers = await Promise.all([1, 2].map(() => createUser(server.config)));
    const total = 36;
    // Six at a time: quick enough to queue all within one window, few enough that no write waits long.
    for (let i = 0; i < total; i += 6) {
      await Promise.all(
        Array.from({ length: 6 }, (_, k) =>
          postListing(server.url, sellers[k % 2].token, { item: 'Emperor Cod', copper: i + k + 1 }),
        ),
      );
    }
    const posts = await stub.webhooks.waitForPosts(hook.id, 31, (WINDOW_SECONDS + 10) * 1000);
    const singles = posts.slice(0, 30);
    expect(singles.every((p) => p.body.embeds[0].fields?.length === 6)).toBe(true);
    const summary = posts[30].body.embeds[0];
    expect(summary.title).toBe(`${total - 30} more new listings`);
    expect(summary.description?.split('\n')).toHaveLength(total - 30);
    // The summary waited for the window to pass.
    expect(posts[30].at - posts[0].at).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1000 - 1000);
    expect(stub.webhooks.posts(hook.id)).toHaveLength(31);
  });

  it('sends what the stored queue holds when the dispatcher starts (a restart), once', async () => {
    const { search, hook } = await watched('Gelatin');
    await WebhookDeliveryModel.create({
      _id: `${hook.id}:424242`,
      webhookId: hook.id,
      searchId: search.id,
      listing: {
        id: 424242,
        item: 'Gelatin',
        type: 'buy',
        quantity: 2,
        price: 7,
        seller: 'someone',
        image: '',
      },
      createdAt: new Date(),
    });
    await server.deps.webhooks.start();
    await server.deps.webhooks.start();
    const [post] = await stub.webhooks.waitForPosts(hook.id, 1);
    expect(post.body.embeds[0].title).toBe('Buying: Gelatin');
    expect(await WebhookDeliveryModel.countDocuments({ _id: `${hook.id}:424242` })).toBe(0);
    expect(stub.webhooks.posts(hook.id)).toHaveLength(1);
  });
});

describe('POST /api/saved-searches/{id}/webhook/test', () => {
  it('sends one sample post and answers { ok: true }', async () => {
    const { user, search, hook } = await watched('Horn Shell');
    const res = await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const posts = stub.webhooks.posts(hook.id);
    expect(posts).toHaveLength(1);
    expect(posts[0].body.embeds[0].title).toMatch(/^Test post/);
  });

  it('answers 409 when the search has no webhook', async () => {
    const user = await createUser(server.config);
    const search = await save(user, { name: 'Plain', filters: { q: 'worms' } });
    const res = await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, user.token);
    expect(res.status).toBe(409);
    expect(res.body.field).toBe('webhookUrl');
  });

  it("answers Discord's refusal as 502 WEBHOOK_FAILED; a 401 turns the webhook off", async () => {
    const { user, search, hook } = await watched('Feast Worms');
    stub.webhooks.script(hook.id, { status: 500 }, { status: 401 });
    const failed = await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, user.token);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      code: 'WEBHOOK_FAILED',
      error: 'Discord answered 500. Try again in a moment.',
    });
    const gone = await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, user.token);
    expect(gone.status).toBe(502);
    expect(gone.body.code).toBe('WEBHOOK_FAILED');
    expect(gone.body.error).toContain('401');
    const list = await api.get<{ searches: SavedSearch[] }>('/api/saved-searches', user.token);
    expect(list.body.searches[0].webhook).toMatchObject({ enabled: false });
  });

  it("answers a 429 from Discord as 502 with Retry-After, and holds the webhook's posts until then", async () => {
    const { user, search, hook } = await watched('Gray Eel');
    stub.webhooks.script(hook.id, { status: 429, retryAfter: 30 });
    const limited = await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, user.token);
    expect(limited.status).toBe(502);
    expect(limited.headers.get('retry-after')).toBe('30');
    const again = await api.post(`/api/saved-searches/${search.id}/webhook/test`, {}, user.token);
    expect(again.status).toBe(502);
    expect(again.body.error).toMatch(/Try again in (29|30) seconds/);
    expect(stub.webhooks.posts(hook.id)).toHaveLength(1);
  });
});
