import { useId, useState } from 'react';
import type { AdminReport, ReportAction } from '../../../src-common/schemas/report';
import { REPORT_NOTE_MAX } from '../../../src-common/schemas/report';
import { ActionDialog } from './action-dialog';
import { moderationApi } from './moderation-api';
import { EMPTY_SUSPENSION, SuspendFields, suspendProblem, type SuspendDraft } from './suspend-fields';

const TITLES: Record<ReportAction, string> = {
  dismiss: 'Dismiss report',
  'remove-listing': 'Remove listing',
  'suspend-user': 'Suspend user',
};

function question(action: ReportAction, report: AdminReport): string {
  const others =
    report.openOnTarget > 1
      ? ` The other ${report.openOnTarget - 1} open reports on it are resolved too.`
      : '';
  if (action === 'dismiss')
    return `Dismiss the report on ${report.target.summary}? Nothing else changes.${others}`;
  if (action === 'remove-listing')
    return `Remove the listing ${report.target.summary}? This deletes it for good.${others}`;
  const who =
    report.target.type === 'user' ? report.target.summary : `the player behind ${report.target.summary}`;
  return `Suspend ${who}? They are logged out everywhere and their listings leave the market until it ends.${others}`;
}

/** The confirmation of one way to resolve a report: a note for the record, and for a suspension its reason and length. */
export function ResolveDialog({
  report,
  action,
  onClose,
  onDone,
}: {
  report: AdminReport;
  action: ReportAction;
  onClose(): void;
  onDone(): void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [suspension, setSuspension] = useState<SuspendDraft>(EMPTY_SUSPENSION);
  const suspending = action === 'suspend-user';

  const run = async () => {
    const days = suspension.permanent ? null : Number(suspension.days);
    await moderationApi.resolve(
      report.id,
      suspending ? { action, note: suspension.reason, days } : { action, note },
    );
    if (action === 'dismiss') return 'Report dismissed.';
    if (action === 'remove-listing') return `Listing removed: ${report.target.summary}.`;
    return days === null ? 'User suspended permanently.' : `User suspended for ${days} days.`;
  };

  return (
    <ActionDialog
      title={TITLES[action]}
      question={<p>{question(action, report)}</p>}
      confirmLabel={TITLES[action]}
      destructive={action !== 'dismiss'}
      run={run}
      check={() => (suspending ? suspendProblem(suspension) : null)}
      onClose={onClose}
      onDone={onDone}
    >
      {suspending ? (
        <SuspendFields draft={suspension} onChange={setSuspension} />
      ) : (
        <div className="field">
          <label htmlFor={`${id}-note`}>
            Note for the record <span className="muted">(optional)</span>
          </label>
          <textarea
            id={`${id}-note`}
            className="input"
            rows={2}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      )}
    </ActionDialog>
  );
}
