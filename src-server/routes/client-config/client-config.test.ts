import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('GET /api/client-config', () => {
  it('gives a null analytics URL when ANALYTICS_URL is not set', async () => {
    server = await startTestServer();
    const res = await http(server.url).get('/api/client-config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ analyticsUrl: null });
  });

  it('gives the configured ANALYTICS_URL', async () => {
    server = await startTestServer({ env: { ANALYTICS_URL: 'https://stats.example.test/collect' } });
    const res = await http(server.url).get('/api/client-config');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ analyticsUrl: 'https://stats.example.test/collect' });
  });

  it('hides every outbound link without an address: only the two public game sites have defaults', async () => {
    server = await startTestServer();
    const res = await http(server.url).get('/api/client-config');
    expect(res.body.externalLinks).toEqual({
      partner: null,
      officialSite: 'https://www.brightershores.com',
      syncBot: null,
      communityChat: null,
      feedbackChat: null,
      wiki: 'https://brightershoreswiki.org',
    });
  });

  it('gives each outbound link the address configured for it, and an empty value hides a default one', async () => {
    server = await startTestServer({
      env: {
        PARTNER_SITE_URL: 'https://news.example.test',
        OFFICIAL_SITE_URL: '',
        SYNC_BOT_INVITE_URL: 'https://discord.com/oauth2/authorize?client_id=424242&scope=bot',
        COMMUNITY_DISCORD_URL: 'https://discord.gg/community-test',
        FEEDBACK_DISCORD_URL: 'https://discord.gg/feedback-test',
        WIKI_URL: 'https://wiki.example.test',
      },
    });
    const res = await http(server.url).get('/api/client-config');
    expect(res.body.externalLinks).toEqual({
      partner: 'https://news.example.test',
      officialSite: null,
      syncBot: 'https://discord.com/oauth2/authorize?client_id=424242&scope=bot',
      communityChat: 'https://discord.gg/community-test',
      feedbackChat: 'https://discord.gg/feedback-test',
      wiki: 'https://wiki.example.test',
    });
  });

  it('says whether Discord login is configured', async () => {
    server = await startTestServer();
    const off = await http(server.url).get('/api/client-config');
    expect(off.body.discordLogin).toBe(false);
    await server.stop();
    server = await startTestServer({
      env: { DISCORD_CLIENT_ID: '123456789', DISCORD_CLIENT_SECRET: 'a-test-secret' },
    });
    const on = await http(server.url).get('/api/client-config');
    expect(on.body.discordLogin).toBe(true);
  });

  it('needs no login and ignores a bad token', async () => {
    server = await startTestServer();
    const res = await http(server.url).get('/api/client-config', 'not-a-token');
    expect(res.status).toBe(200);
  });
});
