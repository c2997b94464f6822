import type { Context, Middleware } from 'koa';
import type { TokenScope } from '../../src-common/schemas/api-token';
import type { TokenPayload } from '../../src-common/schemas/user';
import { ErrorCode } from '../../src-common/errors';
import { AppError, tokenExpired, tokenScope, unauthorized } from '../errors';
import { authenticateToken, type TokenRefusal } from '../services/accounts/authenticate';
import type { SessionGenerations } from '../services/accounts/session-generations';

export interface AuthState {
  auth?: TokenPayload;
  authFailure?: TokenRefusal;
  /** Set when the caller authenticated with a personal access token rather than a session. */
  apiToken?: { id: number; scopes: TokenScope[] };
}

export function bearer(ctx: Context): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'));
  return match ? match[1].trim() : null;
}

/**
 * Reads the bearer token when there is one, and checks it (services/accounts/authenticate.ts, as the
 * socket handshake does). A bad token is remembered rather than rejected here, so public pages keep working for a visitor
 * holding a stale token; routes that need a user call requireAuth.
 */
export function authenticate(secret: string, sessions: SessionGenerations): Middleware<AuthState> {
  return async (ctx, next) => {
    const token = bearer(ctx);
    const found = token ? await authenticateToken(token, secret, sessions) : null;
    if (found && !found.ok) ctx.state.authFailure = found.reason;
    else if (found) {
      ctx.state.auth = found.user;
      if (found.via === 'api-token') ctx.state.apiToken = { id: found.tokenId, scopes: found.scopes };
    }
    await next();
  };
}

/**
 * The logged-in caller, or a 401 that says whether the session expired (or was ended). A personal access
 * token is taken only where the route names a scope it has: without `scope` the route is for sessions
 * alone (account changes, admin work), and a token gets 403 TOKEN_SCOPE.
 */
export function requireAuth(ctx: Context, scope?: TokenScope): TokenPayload {
  const state = ctx.state as AuthState;
  if (state.auth && state.apiToken) {
    if (!scope) throw tokenScope('API tokens cannot change the account. Use the website.');
    if (!state.apiToken.scopes.includes(scope))
      throw tokenScope(`This API token does not have the ${scope} scope.`);
  }
  if (state.auth) return state.auth;
  // The player's open page says why on their next action; the login form then gives the reason and end.
  if (state.authFailure === 'suspended')
    throw new AppError(401, ErrorCode.ACCOUNT_SUSPENDED, 'This account is suspended');
  if (state.authFailure === 'expired' || state.authFailure === 'ended') throw tokenExpired();
  throw unauthorized(state.authFailure === 'invalid' ? 'Invalid session token' : 'Authentication required');
}
