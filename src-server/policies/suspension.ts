import { conflict } from '../errors';

/** A stored suspension (models/user.ts `suspension`): absent or null means the account is active. */
export interface StoredSuspension {
  reason: string;
  /** Null or absent: permanent. */
  until?: Date | null;
  at: Date;
  by: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a suspension given now for `days` ends; null (no days) is a permanent one. */
export const suspensionEnd = (at: Date, days: number | null | undefined): Date | null =>
  days ? new Date(at.getTime() + days * DAY_MS) : null;

/**
 * Whether the account is suspended at `now`. A suspension whose end date passed no longer counts, even
 * before the periodic sweep lifts it (services/moderation/suspensions.ts), so its player can log in.
 */
export const isSuspended = (suspension: StoredSuspension | null | undefined, now = new Date()): boolean =>
  !!suspension && (!suspension.until || suspension.until.getTime() > now.getTime());

/** An admin suspends players: never themselves, never another admin (remove them from the admins first). */
export function assertCanSuspend(adminId: number, userId: number, targetIsAdmin: boolean): void {
  if (adminId === userId) throw conflict('You cannot suspend yourself.');
  if (targetIsAdmin) throw conflict('Admins cannot be suspended. Remove them from the admins first.');
}
