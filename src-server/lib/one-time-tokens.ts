import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { atomicWrite } from './transactions';

/**
 * Single-use links (email verification, password reset) and tickets (a Discord login's way to hand its
 * session to the page, a Discord link started from Settings). Only the sha256 of a token is stored, so a
 * database leak yields no usable links. Used tokens are kept (marked) until they expire, which lets a
 * second click on a verification link say "already verified" instead of "invalid".
 */
export const TOKEN_PURPOSES = ['verify-email', 'reset-password', 'login-ticket', 'discord-link'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  // Tickets travel in a URL, so they live just long enough for the redirect that carries them.
  'login-ticket': 60 * 1000,
  'discord-link': 60 * 1000,
};

const oneTimeTokenSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    purpose: { type: String, enum: TOKEN_PURPOSES, required: true },
    userId: { type: Number, required: true },
    /** The address a verification link was sent to; verifying it only counts while it is still the user's. */
    email: { type: String, default: null },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
oneTimeTokenSchema.index({ userId: 1, purpose: 1 });
oneTimeTokenSchema.index({ expiresAt: 1 });

const OneTimeTokenModel = mongoose.model('OneTimeToken', oneTimeTokenSchema, 'one_time_tokens');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A fresh token for the user; long-expired rows are swept on the way. A new reset link kills the older
 * unused ones (only the newest mail may change the password), while every verification mail sent keeps
 * working until it expires, since each one only proves the same address.
 */
export async function issueToken(
  purpose: TokenPurpose,
  userId: number,
  email: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const stale = { expiresAt: { $lt: new Date(now - TOKEN_LIFETIME_MS['verify-email']) } };
  await OneTimeTokenModel.deleteMany(
    purpose === 'reset-password' ? { $or: [{ userId, purpose, usedAt: null }, stale] } : stale,
  );
  await OneTimeTokenModel.create({
    _id: hashToken(token),
    purpose,
    userId,
    email,
    expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

export type TokenClaim =
  | { ok: true; userId: number; email: string | null }
  | { ok: false; reason: 'invalid' | 'expired' }
  | { ok: false; reason: 'used'; userId: number; email: string | null };

/**
 * Marks the token used. Of two simultaneous claims exactly one succeeds: the conditional update is atomic
 * on MongoDB, and runs under the token's lock on the embedded FerretDB, which does not apply conditional
 * updates atomically (lib/transactions.ts).
 */
export function claimToken(purpose: TokenPurpose, token: string): Promise<TokenClaim> {
  const id = hashToken(token);
  return atomicWrite(`one-time-token:${id}`, () => claim(purpose, id));
}

async function claim(purpose: TokenPurpose, id: string): Promise<TokenClaim> {
  const now = new Date();
  const claimed = await OneTimeTokenModel.findOneAndUpdate(
    { _id: id, purpose, usedAt: null, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
    { returnDocument: 'after' },
  ).lean();
  if (claimed) return { ok: true, userId: claimed.userId, email: claimed.email ?? null };
  const existing = await OneTimeTokenModel.findOne({ _id: id, purpose }).lean();
  if (!existing) return { ok: false, reason: 'invalid' };
  if (existing.usedAt)
    return { ok: false, reason: 'used', userId: existing.userId, email: existing.email ?? null };
  return { ok: false, reason: 'expired' };
}

/** Kills the user's unused tokens of these purposes (a ticket must not outlive the sessions it would start). */
export async function revokeUnusedTokens(userId: number, purposes: TokenPurpose[]): Promise<void> {
  await OneTimeTokenModel.deleteMany({ userId, purpose: { $in: purposes }, usedAt: null });
}
