import { ErrorCode } from '../../../src-common/errors';
import { ApiError } from '../../lib/api-client';

/** A suspension's end as people read it: "3 December 2026, 10:00" (local time). */
export function formatSuspensionEnd(until: string): string {
  const date = new Date(until);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return `${day}, ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
}

/** "until 3 December 2026, 10:00" for a suspension with an end, "permanently" for one without. */
export function suspensionEndText(until: string | null): string {
  return until ? `until ${formatSuspensionEnd(until)}` : 'permanently';
}

/** The suspended player's own view of it: why, and for how long. */
export function suspensionMessage(reason: string | undefined, until: string | null | undefined): string {
  const end = suspensionEndText(until ?? null);
  return reason ? `Your account is suspended ${end}. Reason: ${reason}` : `Your account is suspended ${end}.`;
}

export interface SuspensionInfo {
  reason: string;
  until: string | null;
}

/** The suspension a refused login carries (403 `ACCOUNT_SUSPENDED` with `reason` and `until`), else null. */
export function suspensionOf(err: unknown): SuspensionInfo | null {
  if (!(err instanceof ApiError) || err.code !== ErrorCode.ACCOUNT_SUSPENDED) return null;
  const body = (err.body ?? {}) as { reason?: unknown; until?: unknown };
  return {
    reason: typeof body.reason === 'string' ? body.reason : '',
    until: typeof body.until === 'string' && body.until ? body.until : null,
  };
}
