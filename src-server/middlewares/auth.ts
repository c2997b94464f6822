import type { Context, Middleware } from 'koa';
import type { TokenPayload } from '../../src-common/schemas/user';
import { tokenExpired, unauthorized } from '../errors';
import { verifySessionToken, type TokenCheck } from '../lib/tokens';
import type { SessionGenerations } from '../services/accounts/session-generations';

/** Why a token was not taken: bad or expired as a JWT, or its session was ended (or its account is gone). */
type AuthFailure = Extract<TokenCheck, { ok: false }>['reason'] | 'ended';

export interface AuthState {
  auth?: TokenPayload;
  authFailure?: AuthFailure;
}

function bearer(ctx: Context): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'));
  return match ? match[1].trim() : null;
}

/**
 * Reads the bearer token when there is one, and checks that its session is still the account's current
 * one. A bad token is remembered rather than rejected here, so public pages keep working for a visitor
 * holding a stale token; routes that need a user call requireAuth.
 */
export function authenticate(secret: string, sessions: SessionGenerations): Middleware<AuthState> {
  return async (ctx, next) => {
    const token = bearer(ctx);
    if (token) {
      const check = verifySessionToken(token, secret);
      if (!check.ok) ctx.state.authFailure = check.reason;
      else if (await sessions.isCurrent(check.payload.id, check.sessionVersion))
        ctx.state.auth = check.payload;
      else ctx.state.authFailure = 'ended';
    }
    await next();
  };
}

/** The logged-in caller, or a 401 that says whether the session expired (or was ended). */
export function requireAuth(ctx: Context): TokenPayload {
  const state = ctx.state as AuthState;
  if (state.auth) return state.auth;
  if (state.authFailure === 'expired' || state.authFailure === 'ended') throw tokenExpired();
  throw unauthorized(state.authFailure === 'invalid' ? 'Invalid session token' : 'Authentication required');
}
