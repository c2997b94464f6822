import Router from '@koa/router';
import type { Context } from 'koa';
import { markReadSchema, notificationQuerySchema } from '../../../src-common/schemas/notification';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody, parseQuery } from '../../middlewares/validate';
import { listNotifications, markRead } from '../../services/notifications/read-notifications';
import { unsubscribeFromEmail } from '../../services/notifications/unsubscribe';
import { verifyUnsubscribeToken } from '../../lib/unsubscribe-tokens';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page';

/** The header of GET /api/notifications that says how many of the caller's notifications are unread. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

const tokenOf = (ctx: Context) => (typeof ctx.query.token === 'string' ? ctx.query.token : '');

const html = (ctx: Context, status: number, body: string) => {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
};

/**
 * A missing or bad token: a person's browser (which asks for HTML first) gets the page that says what to
 * do; any other client, such as a bot or a mail app's one-click POST, the JSON error every route answers.
 */
const invalidToken = (ctx: Context) => {
  if (ctx.accepts('json', 'html') === 'html') return html(ctx, 400, invalidPage());
  throw badRequest('This unsubscribe link is not valid', 'token');
};

export function notificationsRoutes(deps: AppDeps): Router {
  const secret = deps.config.JWT_SECRET;
  return (
    new Router()
      .get('/notifications', async (ctx) => {
        const user = requireAuth(ctx, 'read');
        const { items, unread } = await listNotifications(user.id, parseQuery(ctx, notificationQuerySchema));
        ctx.set(UNREAD_COUNT_HEADER, String(unread));
        ctx.set('Cache-Control', 'no-store');
        ctx.body = items;
      })
      .post('/notifications/read', async (ctx) => {
        const user = requireAuth(ctx, 'read');
        ctx.body = await markRead(user.id, parseBody(ctx, markReadSchema));
      })
      .get('/notifications/unsubscribe', (ctx) => {
        const token = tokenOf(ctx);
        if (verifyUnsubscribeToken(token, secret) === null) return invalidToken(ctx);
        html(
          ctx,
          200,
          confirmPage(`${deps.config.PUBLIC_URL}${ctx.path}?token=${encodeURIComponent(token)}`),
        );
      })
      // The confirmation page's button, and mail apps' one-click POST (RFC 8058, `List-Unsubscribe=One-Click`).
      .post('/notifications/unsubscribe', async (ctx) => {
        if (!(await unsubscribeFromEmail(tokenOf(ctx), secret))) return invalidToken(ctx);
        html(ctx, 200, donePage(deps.config.PUBLIC_URL));
      })
  );
}
