import { useId, useRef, useState, type FormEvent } from 'react';
import { DISPUTE_REASON_MAX, disputeInputSchema, type Trade } from '../../../../src-common/schemas/trade';
import { Modal } from '../../../components/modal';
import { disputeTrade } from '../trade-actions';

/**
 * Disputing is the confirmation step itself: it says what happens (admins take over, it can't be
 * undone) and asks for the reason they will read. `onClose(true)` once the trade is disputed.
 */
export default function DisputeDialog({ trade, onClose }: { trade: Trade; onClose(done: boolean): void }) {
  const id = useId();
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

  const fieldError = error?.field ? error.message : null;
  return (
    <Modal title={`Dispute the ${trade.item} trade`} onClose={() => onClose(false)} initialFocus={reasonRef}>
      <form className="stack trade-dialog-form" onSubmit={(e) => void send(e)} noValidate>
        <p className="muted">
          An admin will look into it. Once disputed, the trade can no longer be confirmed or cancelled; you
          can still talk in its conversation and leave feedback. This can&apos;t be undone.
        </p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>What went wrong?</label>
          <textarea
            ref={reasonRef}
            id={`${id}-reason`}
            className="input"
            rows={4}
            maxLength={DISPUTE_REASON_MAX}
            value={reason}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={[fieldError && `${id}-error`, `${id}-count`].filter(Boolean).join(' ')}
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="muted trade-dialog-counter" id={`${id}-count`}>
            {reason.length.toLocaleString('en-US')}/{DISPUTE_REASON_MAX.toLocaleString('en-US')} characters
          </p>
          {fieldError && (
            <p className="field-error" id={`${id}-error`}>
              {fieldError}
            </p>
          )}
        </div>
        {error && !error.field && (
          <p className="error-text" role="alert">
            {error.message}
          </p>
        )}
        <div className="row trade-dialog-actions">
          <button type="button" className="btn ghost" onClick={() => onClose(false)}>
            Keep trade
          </button>
          <button type="submit" className="btn danger" disabled={busy}>
            {busy ? 'Sending...' : 'Dispute trade'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
