import Router from '@koa/router';
import type { Context } from 'koa';
import { ErrorCode } from '../../../src-common/errors';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { linkDiscord, loginWithDiscord } from '../../services/accounts/discord-login';
import { issueTicket, redeemTicket } from '../../services/accounts/login-tickets';
import {
  discordConfigured,
  fetchDiscordProfile,
  readState,
  startDiscordAuth,
  type OAuthIntent,
} from '../../services/accounts/discord-oauth';

const NONCE_COOKIE = 'discord_oauth_nonce';
const COOKIE_PATH = '/api/auth/discord';
const LOGIN_PAGE = '/alllistings';
/** Settings is the tab of My Profile that started the link and shows how it went. */
const LINK_PAGE = '/myprofile?tab=settings';

/**
 * Every failure ends on a page that shows `authError`, never on a JSON body the browser would display raw.
 * A suspended account's refusal also carries its reason and end (`suspendedUntil` empty when permanent),
 * so the page can say why and for how long, as the email login does.
 */
function failTo(ctx: Context, page: string, message: string, err?: AppError) {
  let query = `authError=${encodeURIComponent(message)}`;
  if (err?.code === ErrorCode.ACCOUNT_SUSPENDED) {
    query += `&suspendedReason=${encodeURIComponent(err.extra.reason ?? '')}`;
    query += `&suspendedUntil=${encodeURIComponent(err.extra.until ?? '')}`;
  }
  ctx.redirect(`${page}${page.includes('?') ? '&' : '?'}${query}`);
}

/**
 * GET /api/auth/discord starts the flow; Discord sends the browser back to the callback. Settings links
 * Discord to the logged-in account with `?link=1&ticket=<ticket>`, the ticket from
 * POST /api/auth/discord/link-ticket (a navigation carries no Authorization header, and a session token
 * must not travel in a URL).
 */
export function discordRoutes(deps: AppDeps): Router {
  const { config, logger } = deps;
  const router = new Router({ prefix: '/discord' });

  router.post('/link-ticket', async (ctx) => {
    ctx.body = { ticket: await issueTicket('discord-link', requireAuth(ctx).id) };
  });

  router.get('/', async (ctx) => {
    const linking = ctx.query.link === '1';
    const page = linking ? LINK_PAGE : LOGIN_PAGE;
    if (!discordConfigured(config))
      return failTo(ctx, page, 'Discord login is not configured on this server.');
    let intent: OAuthIntent = { mode: 'login' };
    if (linking) {
      const userId = await redeemTicket(
        'discord-link',
        typeof ctx.query.ticket === 'string' ? ctx.query.ticket : '',
      );
      if (userId === null) return failTo(ctx, page, 'Your session has expired. Please log in again.');
      intent = { mode: 'link', userId };
    }
    const { url, nonce } = startDiscordAuth(config, intent);
    ctx.cookies.set(NONCE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      path: COOKIE_PATH,
      maxAge: 10 * 60 * 1000,
      secure: ctx.secure,
      overwrite: true,
    });
    ctx.redirect(url);
  });

  router.get('/callback', async (ctx) => {
    const nonce = ctx.cookies.get(NONCE_COOKIE);
    ctx.cookies.set(NONCE_COOKIE, null, { path: COOKIE_PATH });
    const state = readState(config, typeof ctx.query.state === 'string' ? ctx.query.state : '');
    const page = state?.mode === 'link' ? LINK_PAGE : LOGIN_PAGE;
    if (!state || !nonce || state.nonce !== nonce) {
      return failTo(ctx, page, 'Your Discord login expired or could not be verified. Please try again.');
    }
    const code = typeof ctx.query.code === 'string' ? ctx.query.code : '';
    if (ctx.query.error || !code) return failTo(ctx, page, 'Discord login was cancelled.');

    try {
      const profile = await fetchDiscordProfile(config, code);
      if (state.mode === 'link') {
        await linkDiscord(deps, state.userId, profile);
        return ctx.redirect(`${LINK_PAGE}&linked=discord`);
      }
      const ticket = await loginWithDiscord(deps, profile);
      ctx.redirect(`/auth-success?ticket=${encodeURIComponent(ticket)}`);
    } catch (err) {
      if (err instanceof AppError) return failTo(ctx, page, err.message, err);
      logger.error({ err }, 'discord login failed');
      failTo(ctx, page, 'Could not log in with Discord. Please try again.');
    }
  });

  return router;
}
