import Router from '@koa/router';
import {
  changePasswordSchema,
  emailOnlySchema,
  linkEmailSchema,
  loginTicketSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updateSettingsSchema,
  updateUsernameSchema,
} from '../../../src-common/schemas/auth';
import { deleteAccountSchema } from '../../../src-common/schemas/account-deletion';
import type { AppDeps } from '../../deps';
import { requireAuth } from '../../middlewares/auth';
import { byAccount, byEmail, byIp, byIpAndEmail } from '../../middlewares/rate-limit';
import { parseBody } from '../../middlewares/validate';
import { presentCurrentUser } from '../../presenters/user';
import { loadAccount } from '../../services/accounts/accounts';
import { changePassword } from '../../services/accounts/change-password';
import { deleteAccount } from '../../services/accounts/delete-account';
import { resendVerification, verifyEmailToken } from '../../services/accounts/email-verification';
import { linkEmail } from '../../services/accounts/link-email';
import { login } from '../../services/accounts/login';
import { requestPasswordReset, resetPassword } from '../../services/accounts/password-reset';
import { register } from '../../services/accounts/register';
import { endAllSessions } from '../../services/accounts/sessions';
import { exchangeLoginTicket } from '../../services/accounts/login-tickets';
import { updateSettings } from '../../services/accounts/update-settings';
import { updateUsername } from '../../services/accounts/update-username';
import { apiTokensRoutes } from './api-tokens.routes';
import { discordRoutes } from './discord.routes';

/** Email + password accounts under /api/auth; Discord's flow is in discord.routes.ts. */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/auth' });
  const limit = deps.rateLimits.guard;
  // Per IP stops one client spraying many addresses; per address caps the mail one inbox receives.
  const mailLimits = [
    { limit: 'mail-ip', key: byIp },
    { limit: 'mail-address', key: byEmail },
  ] as const;
  // Sign-up and email change send mail only when they succeed: a refused attempt (a name taken, a
  // wrong password, mail that could not be sent) costs the address nothing.
  const mailOnSuccess = { limit: 'mail-address', key: byEmail, counts: 'succeeded' } as const;

  router.post(
    '/login',
    // Failures count per client and account, so another client's wrong guesses never lock the owner
    // out; the per-account ceiling slows an attacker who rotates addresses, and never holds off an
    // address this account logged in from before.
    limit('login attempts', [
      { limit: 'login-ip', key: byIp },
      { limit: 'login-ip-account', key: byIpAndEmail, counts: 'failed-auth', resetOnSuccess: true },
      {
        limit: 'login-account',
        key: byEmail,
        counts: 'failed-auth',
        exemptKnown: { limit: 'login-known-address', key: byIpAndEmail },
      },
    ]),
    async (ctx) => {
      ctx.body = await login(deps, parseBody(ctx, loginSchema));
    },
  );

  router.post(
    '/register',
    limit('sign-up attempts', [
      { limit: 'register-ip', key: byIp },
      { limit: 'register-ip-hour', key: byIp },
      mailOnSuccess,
    ]),
    async (ctx) => {
      const message = await register(deps, parseBody(ctx, registerSchema));
      ctx.status = 201;
      ctx.body = { message };
    },
  );

  router.post('/forgot-password', limit('password reset requests', [...mailLimits]), async (ctx) => {
    ctx.body = { message: await requestPasswordReset(deps, parseBody(ctx, emailOnlySchema).email) };
  });

  router.post('/resend-verification', limit('verification emails', [...mailLimits]), async (ctx) => {
    ctx.body = { message: await resendVerification(deps, parseBody(ctx, emailOnlySchema).email) };
  });

  router.post('/reset-password', async (ctx) => {
    ctx.body = { message: await resetPassword(deps, parseBody(ctx, resetPasswordSchema)) };
  });

  // Opened from the mail, so it answers with a redirect to the page that explains the outcome.
  router.get('/verify-email', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    if (!token) return ctx.redirect('/verify-email?error=missing_token');
    try {
      const outcome = await verifyEmailToken(deps, token);
      ctx.redirect(
        'status' in outcome
          ? `/verify-email?status=${outcome.status}`
          : `/verify-email?error=${outcome.error}`,
      );
    } catch (err) {
      deps.logger.error({ err }, 'email verification failed');
      ctx.redirect('/verify-email?error=server_error');
    }
  });

  router.get('/me', async (ctx) => {
    ctx.body = presentCurrentUser(await loadAccount(requireAuth(ctx, 'read').id));
  });

  // Leaving for good. Every attempt counts, refused ones too, since each checks the password.
  router.delete(
    '/me',
    limit('account deletions', [{ limit: 'account-delete', key: byAccount }]),
    async (ctx) => {
      const { id } = requireAuth(ctx);
      await deleteAccount(deps, id, parseBody(ctx, deleteAccountSchema));
      ctx.status = 204;
    },
  );

  router.post(
    '/change-password',
    limit('password changes', [{ limit: 'password-change', key: byAccount }]),
    async (ctx) => {
      const { id } = requireAuth(ctx);
      ctx.body = await changePassword(deps, id, parseBody(ctx, changePasswordSchema));
    },
  );

  // The Discord login's landing page trades its ticket for the session (services/accounts/login-tickets.ts).
  router.post(
    '/ticket',
    limit('login link attempts', [{ limit: 'ticket-ip', key: byIp, counts: 'failed-auth' }]),
    async (ctx) => {
      ctx.body = await exchangeLoginTicket(deps, parseBody(ctx, loginTicketSchema).ticket);
    },
  );

  // Ends every session of the account, this one included; the client then forgets its token.
  router.post('/logout', async (ctx) => {
    await endAllSessions(deps, requireAuth(ctx).id);
    ctx.status = 204;
  });

  router.post(
    '/update-username',
    limit('username changes', [{ limit: 'rename', key: byAccount, counts: 'succeeded' }]),
    async (ctx) => {
      const { id } = requireAuth(ctx);
      ctx.body = await updateUsername(deps, id, parseBody(ctx, updateUsernameSchema).username);
    },
  );

  router.post(
    '/link-email',
    limit('email changes', [
      { limit: 'email-change', key: byAccount },
      { limit: 'mail-ip', key: byIp },
      mailOnSuccess,
    ]),
    async (ctx) => {
      const { id } = requireAuth(ctx);
      ctx.body = { message: await linkEmail(deps, id, parseBody(ctx, linkEmailSchema)) };
    },
  );

  router.post('/update-settings', async (ctx) => {
    const { id } = requireAuth(ctx);
    ctx.body = await updateSettings(id, parseBody(ctx, updateSettingsSchema), deps.presence);
  });

  for (const child of [discordRoutes(deps), apiTokensRoutes(deps)]) {
    router.use(child.routes(), child.allowedMethods());
  }
  return router;
}
