import jwt from 'jsonwebtoken';

/**
 * The signed token of an email's one-click unsubscribe link: an HS256 JWT of the user's id, for the
 * audience `unsubscribe` only, so a session token is never accepted here nor this one as a session. It
 * does not expire (an old digest's link must still work) and does one harmless thing: turn
 * `emailNotifications` off.
 */
const AUDIENCE = 'unsubscribe';
const ALGORITHM = 'HS256';

export function signUnsubscribeToken(userId: number, secret: string): string {
  return jwt.sign({ sub: String(userId) }, secret, { algorithm: ALGORITHM, audience: AUDIENCE });
}

/** The user the token was signed for, or null when it is not a valid unsubscribe token. */
export function verifyUnsubscribeToken(token: string, secret: string): number | null {
  try {
    const decoded = jwt.verify(token, secret, { algorithms: [ALGORITHM], audience: AUDIENCE });
    const id = typeof decoded === 'object' ? Number(decoded.sub) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
