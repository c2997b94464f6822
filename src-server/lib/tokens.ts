import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TokenPayload } from '../../src-common/schemas/user';

/**
 * Session tokens: HS256 JWTs that always expire and name the session generation they were issued under
 * (claim `sv`, models/user.ts `sessionVersion`). Verification pins the algorithm (no `none`, no other
 * HMAC) and refuses a token without `exp` or `sv`.
 */
const ALGORITHM = 'HS256';
/**
 * Clock skew allowed between the server that signed a token and the one checking it: server clocks are
 * synchronised, so a few seconds cover it; more would keep an expired token working longer.
 */
export const CLOCK_TOLERANCE_SECONDS = 5;

export interface SessionClaims extends TokenPayload {
  /** Session generation the token belongs to. */
  sv: number;
}

export interface VerifiedSession {
  payload: TokenPayload;
  sessionVersion: number;
  /** When the token stops being accepted, clock tolerance included (ms since the epoch). */
  expiresAt: number;
}

export type TokenCheck = ({ ok: true } & VerifiedSession) | { ok: false; reason: 'expired' | 'invalid' };

const keys = new Map<string, KeyObject>();
/**
 * The secret as a key object, made once: given a string, jsonwebtoken first tries it as a public or
 * private key and throws inside before it takes it as a secret, on every token (about a millisecond).
 */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

export function signSessionToken(claims: SessionClaims, secret: string, expiresIn: string): string {
  return jwt.sign({ id: claims.id, username: claims.username, sv: claims.sv }, keyOf(secret), {
    algorithm: ALGORITHM,
    expiresIn: expiresIn as jwt.SignOptions['expiresIn'],
  });
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

export function verifySessionToken(token: string, secret: string): TokenCheck {
  try {
    const decoded = jwt.verify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (
      typeof decoded !== 'object' ||
      typeof decoded.id !== 'number' ||
      typeof decoded.username !== 'string' ||
      typeof decoded.exp !== 'number' ||
      !isCount(decoded.sv)
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      payload: { id: decoded.id, username: decoded.username },
      sessionVersion: decoded.sv,
      expiresAt: (decoded.exp + CLOCK_TOLERANCE_SECONDS) * 1000,
    };
  } catch (err) {
    return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
