import Router from '@koa/router';
import {
  changePasswordSchema,
  emailOnlySchema,
  linkEmailSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updateSettingsSchema,
  updateUsernameSchema,
} from '../../../src-common/schemas/auth';
import type { AppDeps } from '../../deps';
import { requireAuth } from '../../middlewares/auth';
import { byEmail, byIp, createRateLimiter } from '../../middlewares/rate-limit';
import { parseBody } from '../../middlewares/validate';
import { presentCurrentUser } from '../../presenters/user';
import { loadAccount } from '../../services/accounts/accounts';
import { changePassword } from '../../services/accounts/change-password';
import { resendVerification, verifyEmailToken } from '../../services/accounts/email-verification';
import { linkEmail } from '../../services/accounts/link-email';
import { login } from '../../services/accounts/login';
import { requestPasswordReset, resetPassword } from '../../services/accounts/password-reset';
import { register } from '../../services/accounts/register';
import { updateSettings } from '../../services/accounts/update-settings';
import { updateUsername } from '../../services/accounts/update-username';
import { discordRoutes } from './discord.routes';

const MINUTE = 60_000;

/** Email + password accounts under /api/auth; Discord's flow is in discord.routes.ts. */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router({ prefix: '/auth' });
  const limit = createRateLimiter({ disabled: deps.config.RATE_LIMIT_DISABLED });
  // Per IP stops one client spraying many accounts; per email stops many clients hammering one account.
  const mailLimits = (name: string) => [
    { name: `${name}:ip`, limit: 5, windowMs: MINUTE, key: byIp },
    { name: `${name}:email`, limit: 3, windowMs: 15 * MINUTE, key: byEmail },
  ];

  router.post(
    '/login',
    limit('login attempts', [
      { name: 'login:ip', limit: 10, windowMs: MINUTE, key: byIp },
      { name: 'login:email', limit: 5, windowMs: MINUTE, key: byEmail },
    ]),
    async (ctx) => {
      ctx.body = await login(deps, parseBody(ctx, loginSchema));
    },
  );

  router.post(
    '/register',
    limit('sign-up attempts', [
      { name: 'register:ip', limit: 5, windowMs: MINUTE, key: byIp },
      { name: 'register:ip-hour', limit: 20, windowMs: 60 * MINUTE, key: byIp },
    ]),
    async (ctx) => {
      const message = await register(deps, parseBody(ctx, registerSchema));
      ctx.status = 201;
      ctx.body = { message };
    },
  );

  router.post('/forgot-password', limit('password reset requests', mailLimits('forgot')), async (ctx) => {
    ctx.body = { message: await requestPasswordReset(deps, parseBody(ctx, emailOnlySchema).email) };
  });

  router.post('/resend-verification', limit('verification emails', mailLimits('resend')), async (ctx) => {
    ctx.body = { message: await resendVerification(deps, parseBody(ctx, emailOnlySchema).email) };
  });

  router.post('/reset-password', async (ctx) => {
    ctx.body = { message: await resetPassword(parseBody(ctx, resetPasswordSchema)) };
  });

  // Opened from the mail, so it answers with a redirect to the page that explains the outcome.
  router.get('/verify-email', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    if (!token) return ctx.redirect('/verify-email?error=missing_token');
    try {
      const outcome = await verifyEmailToken(token);
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
    ctx.body = presentCurrentUser(await loadAccount(requireAuth(ctx).id));
  });

  router.post('/change-password', async (ctx) => {
    const { id } = requireAuth(ctx);
    ctx.body = { message: await changePassword(id, parseBody(ctx, changePasswordSchema)) };
  });

  router.post('/update-username', async (ctx) => {
    const { id } = requireAuth(ctx);
    ctx.body = await updateUsername(deps, id, parseBody(ctx, updateUsernameSchema).username);
  });

  router.post('/link-email', async (ctx) => {
    const { id } = requireAuth(ctx);
    ctx.body = { message: await linkEmail(deps, id, parseBody(ctx, linkEmailSchema)) };
  });

  router.post('/update-settings', async (ctx) => {
    const { id } = requireAuth(ctx);
    ctx.body = { settings: await updateSettings(id, parseBody(ctx, updateSettingsSchema)) };
  });

  const discord = discordRoutes(deps);
  router.use(discord.routes(), discord.allowedMethods());
  return router;
}
