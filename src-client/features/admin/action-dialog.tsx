import { useState, type FormEvent, type ReactNode } from 'react';
import { DialogActions } from '../../components/form/dialog-actions';
import { FormError } from '../../components/form/text-field';
import { Modal } from '../../components/modal';
import { toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';

interface ActionDialogProps {
  title: string;
  /** What the action does, said before the admin confirms. */
  question: ReactNode;
  /** Extra fields (a note, a suspension's length). */
  children?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Runs the action; resolves with the result to show, or throws (the error stays in the dialog). */
  run(): Promise<string>;
  /** A check of the fields before running: a message keeps the dialog open. */
  check?(): string | null;
  onClose(): void;
  onDone(): void;
}

/**
 * The confirmation every admin action goes through: the question, its fields, Confirm / Cancel. The
 * result is shown as a toast (read out by the live region); a refusal stays in the dialog.
 */
export function ActionDialog({
  title,
  question,
  children,
  confirmLabel,
  destructive = false,
  run,
  check,
  onClose,
  onDone,
}: ActionDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check?.() ?? null;
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      toast(await run(), 'success');
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'The action failed'));
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose} role="alertdialog">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="action-question">{question}</div>
        {children}
        <FormError message={error} />
        <DialogActions
          submitLabel={confirmLabel}
          busyLabel="Working..."
          busy={busy}
          onCancel={onClose}
          danger={destructive}
        />
      </form>
    </Modal>
  );
}
