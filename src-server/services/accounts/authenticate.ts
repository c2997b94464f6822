import type { TokenScope } from '../../../src-common/schemas/api-token';
import type { TokenPayload } from '../../../src-common/schemas/user';
import { verifySessionToken } from '../../lib/tokens';
import { isApiToken, verifyApiToken } from './api-tokens';
import type { SessionGenerations } from './session-generations';

/**
 * Why a token was not taken: bad or expired as a JWT (or an unknown, revoked or refused personal access
 * token), its session ended (or its account is gone), or its session ended by the account's suspension.
 */
export type TokenRefusal = 'invalid' | 'expired' | 'ended' | 'suspended';

export type Authentication =
  | {
      ok: true;
      via: 'session';
      user: TokenPayload;
      /** The session generation the token was issued under. */
      sessionVersion: number;
      /** When the token stops being accepted (ms since the epoch). */
      expiresAt: number;
    }
  | { ok: true; via: 'api-token'; user: TokenPayload; tokenId: number; scopes: TokenScope[] }
  | { ok: false; reason: TokenRefusal };

/**
 * The account a bearer token stands for, the same for an HTTP request and a socket's handshake: a
 * personal access token (`bsm_pat_…`) by its stored hash, a session token as a JWT whose session
 * generation is still the account's current one.
 */
export async function authenticateToken(
  token: string,
  secret: string,
  sessions: SessionGenerations,
): Promise<Authentication> {
  if (isApiToken(token)) {
    const verified = await verifyApiToken(token);
    if (!verified) return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      via: 'api-token',
      user: verified.user,
      tokenId: verified.tokenId,
      scopes: verified.scopes,
    };
  }
  const check = verifySessionToken(token, secret);
  if (!check.ok) return check;
  const { payload: user, sessionVersion, expiresAt } = check;
  if (await sessions.isCurrent(user.id, sessionVersion))
    return { ok: true, via: 'session', user, sessionVersion, expiresAt };
  return { ok: false, reason: (await sessions.isSuspended(user.id)) ? 'suspended' : 'ended' };
}
