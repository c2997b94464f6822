import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from '../../../src-common/schemas/report';
import { selectUser, useSession } from '../../lib/session';

// Loaded on first use: the dialog brings the shared zod schema, which no page needs for its first paint.
const ReportDialog = lazy(() => import('./report-dialog'));

interface ReportButtonProps {
  target: ReportTarget;
  /** The button's visible text (default "Report"). */
  label?: string;
  /** Read after the label by screen readers, naming what is reported ("Report" + " Rapier by Ann"). */
  subject?: string;
  /** The account that owns the target: its owner sees no button (a user target is its own owner). */
  ownerId?: number;
  className?: string;
}

/** "Report" and its dialog, for logged-in players on what is not theirs; nothing otherwise. */
export function ReportButton({ target, label = 'Report', subject, ownerId, className }: ReportButtonProps) {
  const user = useSession(selectUser);
  const [open, setOpen] = useState(false);
  const owner = ownerId ?? (target.type === 'user' ? target.id : undefined);
  if (!user || owner === user.id) return null;
  return (
    <>
      <button
        type="button"
        className={className ?? 'btn small ghost report-button'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
        {subject && <span className="visually-hidden"> {subject}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
