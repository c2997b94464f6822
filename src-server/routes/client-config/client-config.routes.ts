import Router from '@koa/router';
import type { ClientConfig } from '../../../src-common/schemas/client-config';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import { discordConfigured } from '../../services/accounts/discord-oauth';

/** Which setting holds each outbound link's address. */
function externalLinks(config: Config): ClientConfig['externalLinks'] {
  return {
    partner: config.PARTNER_SITE_URL || null,
    officialSite: config.OFFICIAL_SITE_URL || null,
    syncBot: config.SYNC_BOT_INVITE_URL || null,
    communityChat: config.COMMUNITY_DISCORD_URL || null,
    feedbackChat: config.FEEDBACK_DISCORD_URL || null,
    wiki: config.WIKI_URL || null,
  };
}

/** Public, non-secret settings for the browser; only what is listed here ever leaves the server. */
export function clientConfigRoutes({ config }: AppDeps): Router {
  return new Router().get('/client-config', (ctx) => {
    const body: ClientConfig = {
      analyticsUrl: config.ANALYTICS_URL ?? null,
      discordLogin: discordConfigured(config),
      externalLinks: externalLinks(config),
    };
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = body;
  });
}
