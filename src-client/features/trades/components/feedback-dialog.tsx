import { useId, useRef, useState, type FormEvent } from 'react';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_RATINGS,
  feedbackInputSchema,
  type FeedbackRating,
  type Trade,
  type TradeRole,
} from '../../../../src-common/schemas/trade';
import { DialogActions } from '../../../components/form/dialog-actions';
import { FormError, TextAreaField } from '../../../components/form/text-field';
import { Modal } from '../../../components/modal';
import { leaveFeedback } from '../trade-actions';
import { other as otherRole } from '../../../../src-common/trade-lifecycle';

const RATING_LABELS: Record<FeedbackRating, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
};

/** One feedback on the other party: a rating and an optional comment. `onClose(true)` once sent. */
export default function FeedbackDialog({
  trade,
  role,
  onClose,
}: {
  trade: Trade;
  role: TradeRole;
  onClose(done: boolean): void;
}) {
  const id = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState<FeedbackRating | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<{ field?: 'rating' | 'comment'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const other = trade[otherRole(role)];

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = feedbackInputSchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      const field = parsed.error.issues[0].path[0] === 'comment' ? 'comment' : 'rating';
      setError({ field, message: parsed.error.issues[0].message });
      if (field === 'rating') firstRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await leaveFeedback(trade, parsed.data);
    if (failure === null) return onClose(true);
    setError({ message: failure });
    setBusy(false);
  };

  const ratingError = error?.field === 'rating' ? error.message : null;
  const commentError = error?.field === 'comment' ? error.message : null;
  return (
    <Modal title={`Feedback on ${other.username}`} onClose={() => onClose(false)} initialFocus={firstRef}>
      <form className="stack trade-dialog-form" onSubmit={(e) => void send(e)} noValidate>
        <p className="muted">
          For the {trade.item} trade. Others see it on {other.username}&apos;s profile; you can leave it once.
        </p>
        <fieldset
          className="feedback-ratings"
          aria-describedby={ratingError ? `${id}-rating-error` : undefined}
        >
          <legend>How did it go?</legend>
          {FEEDBACK_RATINGS.map((value, index) => (
            <label key={value} className={`feedback-rating is-${value}`}>
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              {RATING_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {ratingError && (
          <p className="field-error" id={`${id}-rating-error`}>
            {ratingError}
          </p>
        )}
        <TextAreaField
          label={
            <>
              Comment <span className="muted">(optional)</span>
            </>
          }
          rows={3}
          max={FEEDBACK_COMMENT_MAX}
          value={comment}
          onValue={setComment}
          error={commentError}
        />
        <FormError message={error && !error.field ? error.message : null} />
        <DialogActions
          submitLabel="Send feedback"
          busyLabel="Sending..."
          busy={busy}
          onCancel={() => onClose(false)}
        />
      </form>
    </Modal>
  );
}
