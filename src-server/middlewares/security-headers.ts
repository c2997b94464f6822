import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '../config';

/** Where item pictures (the community wiki) and Discord avatars are loaded from. */
const IMAGE_HOSTS = ['https://brightershoreswiki.org', 'https://cdn.discordapp.com'];

/** Pages and endpoints whose URL may carry a one-time code or ticket: no Referer leaves them. */
const AUTH_PATH = /^\/(auth-success|login|register|reset-password|verify-email)(\/|$)|^\/api\/auth(\/|$)/;

/**
 * Helmet's headers on every answer, HTML and API alike: a CSP of this origin plus the image hosts
 * (scripts only from files, never inline), no framing, nosniff, and a referrer policy that keeps auth
 * URLs to ourselves. HSTS only when the request arrived over https (through a trusted proxy, see
 * TRUST_PROXY), since a plain-http development server must not pin browsers to https. Answers about
 * the caller (auth routes, anything asked with a session token) are never stored by a cache.
 */
export function securityHeaders(config: Pick<Config, 'ANALYTICS_URL'>): Middleware {
  const connectSrc = ["'self'", ...(config.ANALYTICS_URL ? [new URL(config.ANALYTICS_URL).origin] : [])];
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React's style={...} props are style attributes; style elements and sheets stay same-origin.
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...IMAGE_HOSTS],
        fontSrc: ["'self'"],
        // 'self' covers the same-origin WebSocket of Socket.IO.
        connectSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

  return (ctx, next) =>
    headers(ctx, async () => {
      if (AUTH_PATH.test(ctx.path)) ctx.set('Referrer-Policy', 'no-referrer');
      const perUser =
        ctx.path.startsWith('/api/auth/') || (ctx.path.startsWith('/api/') && ctx.get('authorization'));
      const answer = ctx.secure ? hsts(ctx, next) : next();
      await answer;
      if (perUser) ctx.set('Cache-Control', 'no-store');
    });
}
