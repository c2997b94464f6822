import { useId } from 'react';
import { SUSPENSION_REASON_MAX, suspendInputSchema } from '../../../src-common/schemas/suspension';

export interface SuspendDraft {
  reason: string;
  days: string;
  permanent: boolean;
}

export const EMPTY_SUSPENSION: SuspendDraft = { reason: '', days: '7', permanent: false };

/** The draft as the routes take it: `days` a number, or null for a permanent suspension. */
export function suspendBody(draft: SuspendDraft): { reason: string; days: number | null } {
  return { reason: draft.reason.trim(), days: draft.permanent ? null : Number(draft.days) };
}

/** What is wrong with the draft, checked with the route's own schema; null when it can be sent. */
export function suspendProblem(draft: SuspendDraft): string | null {
  const days = draft.days.trim();
  const parsed = suspendInputSchema.safeParse({
    reason: draft.reason,
    days: draft.permanent ? null : days === '' ? Number.NaN : Number(days),
  });
  return parsed.success ? null : parsed.error.issues[0].message;
}

/** A suspension's reason (shown to the player when they try to log in) and its length, or permanent. */
export function SuspendFields({ draft, onChange }: { draft: SuspendDraft; onChange(d: SuspendDraft): void }) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason (the player sees it)</label>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={3}
          maxLength={SUSPENSION_REASON_MAX}
          value={draft.reason}
          required
          onChange={(e) => onChange({ ...draft, reason: e.target.value })}
        />
      </div>
      <div className="row suspend-length">
        <div className="field">
          <label htmlFor={`${id}-days`}>Days</label>
          <input
            id={`${id}-days`}
            className="input suspend-days"
            inputMode="numeric"
            value={draft.days}
            disabled={draft.permanent}
            onChange={(e) => onChange({ ...draft, days: e.target.value })}
          />
        </div>
        <div className="checkbox-row">
          <input
            id={`${id}-permanent`}
            type="checkbox"
            checked={draft.permanent}
            onChange={(e) => onChange({ ...draft, permanent: e.target.checked })}
          />
          <label htmlFor={`${id}-permanent`}>Permanent</label>
        </div>
      </div>
    </>
  );
}
