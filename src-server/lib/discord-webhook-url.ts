import { WEBHOOK_PATH, WEBHOOK_URL_INVALID } from '../../src-common/schemas/saved-search';
import type { Config } from '../config';
import { badRequest } from '../errors';

type HostRules = Pick<Config, 'DISCORD_WEBHOOK_HOSTS' | 'NODE_ENV'>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether the server may fetch this URL: a Discord webhook path on a host of DISCORD_WEBHOOK_HOSTS (an
 * entry without a port allows the host on any port), over https. Plain http only under NODE_ENV=test and
 * only to a loopback host, so the local stand-in tests use never opens a way out in production.
 */
export function isAllowedWebhookUrl(config: HostRules, raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  if (url.username || url.password || url.search || url.hash || !WEBHOOK_PATH.test(url.pathname)) {
    return false;
  }
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  const listed = config.DISCORD_WEBHOOK_HOSTS.some((entry) => entry === host || entry === hostname);
  if (!listed) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && config.NODE_ENV === 'test' && LOOPBACK.has(hostname);
}

/** The URL a player gave, checked against the allowed hosts: 400 naming `webhookUrl` otherwise. */
export function checkWebhookUrl(config: HostRules, raw: string): string {
  if (!isAllowedWebhookUrl(config, raw)) throw badRequest(WEBHOOK_URL_INVALID, 'webhookUrl');
  return raw;
}

/** The webhook's id, which is what Discord rate-limits by (the same webhook can have two hosts). */
export function webhookIdOf(url: string): string {
  return WEBHOOK_PATH.exec(new URL(url).pathname)?.[1] ?? url;
}

/**
 * What answers show of a webhook URL: its origin, the first 3 digits of its id and the last 4 characters
 * of its token (`https://discord.com/api/webhooks/123…/…abcd`), enough to recognise it, never to use it.
 */
export function maskWebhookUrl(url: string): string {
  const parsed = new URL(url);
  const [, id = '', token = ''] = WEBHOOK_PATH.exec(parsed.pathname) ?? [];
  return `${parsed.origin}/api/webhooks/${id.slice(0, 3)}…/…${token.slice(-4)}`;
}
