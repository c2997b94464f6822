import jwt from 'jsonwebtoken';
import type { TokenPayload } from '../../src-common/schemas/user';

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

export function signSessionToken(payload: TokenPayload, secret: string, expiresIn: string): string {
  return jwt.sign({ id: payload.id, username: payload.username }, secret, {
    expiresIn: expiresIn as jwt.SignOptions['expiresIn'],
  });
}

export function verifySessionToken(token: string, secret: string): TokenCheck {
  try {
    const decoded = jwt.verify(token, secret);
    if (
      typeof decoded !== 'object' ||
      typeof decoded.id !== 'number' ||
      typeof decoded.username !== 'string'
    ) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, payload: { id: decoded.id, username: decoded.username } };
  } catch (err) {
    return { ok: false, reason: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
