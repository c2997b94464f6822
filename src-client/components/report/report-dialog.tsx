import { useId, useRef, useState, type FormEvent } from 'react';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  reportInputSchema,
  type Report,
  type ReportReason,
  type ReportTarget,
} from '../../../src-common/schemas/report';
import { api } from '../../lib/api-client';
import { DialogActions } from '../form/dialog-actions';
import { FormError, TextAreaField } from '../form/text-field';
import { Modal } from '../modal';
import { toast } from '../notice/notice-store';
import { REASON_LABELS, REPORT_THANKS, reportErrorMessage, TARGET_NOUNS } from './report-text';
import './report.css';

/**
 * The report form: a reason, optional details, checked with the route's own schema. A sent report closes
 * the dialog with the thanks in a toast (which the live region reads out).
 */
export default function ReportDialog({ target, onClose }: { target: ReportTarget; onClose(): void }) {
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ field?: 'reason' | 'details'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportInputSchema.safeParse({ target, reason: reason || undefined, details });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path[0] === 'details' ? 'details' : 'reason';
      setError({ field, message: issue.message });
      if (field === 'reason') reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post<Report>('/reports', parsed.data);
      toast(REPORT_THANKS, 'success');
      onClose();
    } catch (err) {
      setError({ message: reportErrorMessage(err) });
      setBusy(false);
    }
  };

  const reasonError = error?.field === 'reason' ? error.message : null;
  const detailsError = error?.field === 'details' ? error.message : null;
  const formError = error && !error.field ? error.message : null;
  return (
    <Modal title={`Report this ${TARGET_NOUNS[target.type]}`} onClose={onClose} initialFocus={reasonRef}>
      <form className="stack report-form" onSubmit={(e) => void send(e)} noValidate>
        <p className="muted">An admin reads every report. The person you report is not told who sent it.</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <select
            ref={reasonRef}
            id={`${id}-reason`}
            className="select"
            value={reason}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value as ReportReason)}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {REASON_LABELS[value]}
              </option>
            ))}
          </select>
          {reasonError && (
            <p className="field-error" id={`${id}-reason-error`}>
              {reasonError}
            </p>
          )}
        </div>
        <TextAreaField
          className="report-details"
          label={
            <>
              Details <span className="muted">(optional)</span>
            </>
          }
          rows={4}
          max={REPORT_DETAILS_MAX}
          value={details}
          onValue={setDetails}
          error={detailsError}
        />
        <FormError message={formError} />
        <DialogActions submitLabel="Send report" busyLabel="Sending..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
