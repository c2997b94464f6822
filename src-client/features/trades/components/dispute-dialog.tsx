import { useRef, useState, type FormEvent } from 'react';
import { DISPUTE_REASON_MAX, disputeInputSchema, type Trade } from '../../../../src-common/schemas/trade';
import { DialogActions } from '../../../components/form/dialog-actions';
import { FormError, TextAreaField } from '../../../components/form/text-field';
import { Modal } from '../../../components/modal';
import { disputeTrade } from '../trade-actions';

/**
 * Disputing is the confirmation step itself: it says what happens (admins take over, it can't be
 * undone) and asks for the reason they will read. `onClose(true)` once the trade is disputed.
 */
export default function DisputeDialog({ trade, onClose }: { trade: Trade; onClose(done: boolean): void }) {
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = disputeInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError({ field: true, message: parsed.error.issues[0].message });
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await disputeTrade(trade, parsed.data.reason);
    if (failure === null) return onClose(true);
    setError({ field: false, message: failure });
    setBusy(false);
  };

  return (
    <Modal title={`Dispute the ${trade.item} trade`} onClose={() => onClose(false)} initialFocus={reasonRef}>
      <form className="stack trade-dialog-form" onSubmit={(e) => void send(e)} noValidate>
        <p className="muted">
          An admin will look into it. Once disputed, the trade can no longer be confirmed or cancelled; you
          can still talk in its conversation and leave feedback. This can&apos;t be undone.
        </p>
        <TextAreaField
          ref={reasonRef}
          label="What went wrong?"
          rows={4}
          max={DISPUTE_REASON_MAX}
          value={reason}
          onValue={setReason}
          error={error?.field ? error.message : null}
        />
        <FormError message={error && !error.field ? error.message : null} />
        <DialogActions
          submitLabel="Dispute trade"
          busyLabel="Sending..."
          busy={busy}
          onCancel={() => onClose(false)}
          cancelLabel="Keep trade"
          danger
        />
      </form>
    </Modal>
  );
}
