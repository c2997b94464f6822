import { describe, expect, it } from 'vitest';
import { isAllowedWebhookUrl, maskWebhookUrl, webhookIdOf } from './discord-webhook-url';

const discord = { DISCORD_WEBHOOK_HOSTS: ['discord.com', 'discordapp.com'], NODE_ENV: 'production' as const };
const local = { DISCORD_WEBHOOK_HOSTS: ['127.0.0.1:4000'], NODE_ENV: 'test' as const };

describe('isAllowedWebhookUrl', () => {
  it('accepts https Discord webhook URLs on the listed hosts', () => {
    expect(isAllowedWebhookUrl(discord, 'https://discord.com/api/webhooks/123/abc-DEF_9')).toBe(true);
    expect(isAllowedWebhookUrl(discord, 'https://DISCORDAPP.com/api/webhooks/123/abc/')).toBe(true);
  });

  it('refuses other hosts, paths, schemes, credentials, queries and fragments', () => {
    for (const url of [
      'https://discord.com.evil.example/api/webhooks/1/a',
      'https://evil.example/api/webhooks/1/a',
      'https://canary.discord.com/api/webhooks/1/a',
      'https://discord.com/api/webhooks/1/a/slack',
      'https://discord.com/api/channels/1/a',
      'https://u:p@discord.com/api/webhooks/1/a',
      'https://discord.com/api/webhooks/1/a?wait=true',
      'https://discord.com/api/webhooks/1/a#x',
      'ftp://discord.com/api/webhooks/1/a',
      'nonsense',
    ]) {
      expect(isAllowedWebhookUrl(discord, url), url).toBe(false);
    }
  });

  it('takes plain http only under NODE_ENV=test and only for a listed loopback host', () => {
    expect(isAllowedWebhookUrl(discord, 'http://discord.com/api/webhooks/1/a')).toBe(false);
    expect(isAllowedWebhookUrl(local, 'http://127.0.0.1:4000/api/webhooks/1/a')).toBe(true);
    expect(isAllowedWebhookUrl(local, 'http://127.0.0.1:4001/api/webhooks/1/a')).toBe(false);
    expect(
      isAllowedWebhookUrl({ ...local, NODE_ENV: 'production' }, 'http://127.0.0.1:4000/api/webhooks/1/a'),
    ).toBe(false);
    expect(
      isAllowedWebhookUrl({ ...local, NODE_ENV: 'development' }, 'http://127.0.0.1:4000/api/webhooks/1/a'),
    ).toBe(false);
    const listedRemote = { DISCORD_WEBHOOK_HOSTS: ['hooks.example'], NODE_ENV: 'test' as const };
    expect(isAllowedWebhookUrl(listedRemote, 'http://hooks.example/api/webhooks/1/a')).toBe(false);
  });
});

describe('maskWebhookUrl', () => {
  it('keeps the origin, 3 digits of the id and the last 4 characters of the token', () => {
    const url = 'https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOp-qrs_tuv';
    expect(maskWebhookUrl(url)).toBe('https://discord.com/api/webhooks/123…/…_tuv');
    expect(webhookIdOf(url)).toBe('123456789012345678');
  });
});
