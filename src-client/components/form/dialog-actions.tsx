import './form.css';

interface DialogActionsProps {
  submitLabel: string;
  /** Shown on the submit button while the form is being sent (it is disabled meanwhile). */
  busyLabel: string;
  busy: boolean;
  onCancel(): void;
  cancelLabel?: string;
  /** The submit does something that can't be undone. */
  danger?: boolean;
}

/** A dialog form's buttons: a way out, then the submit, at the end of the row. */
export function DialogActions({
  submitLabel,
  busyLabel,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  danger = false,
}: DialogActionsProps) {
  return (
    <div className="row dialog-actions">
      <button type="button" className="btn ghost" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={danger ? 'btn danger' : 'btn primary'} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
