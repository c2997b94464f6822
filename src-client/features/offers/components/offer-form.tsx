import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { clampQuantity, type PriceMode } from '../../../../src-common/money';
import { stripNotes } from '../../../../src-common/notes';
import { OFFER_MESSAGE_MAX } from '../../../../src-common/schemas/offer';
import type { Listing } from '../../../../src-common/schemas/listing';
import { digitInputProps } from '../../../components/money/digits';
import { PriceEntry } from '../../../components/money/price-entry';
import { draftToCopper, EMPTY_PRICE } from '../../../components/money/price-draft';
import { PriceTiers } from '../../../components/money/price-tiers';
import { notice } from '../../../components/notice/notice-store';
import { useFocusFirstInvalid } from '../../../components/use-focus-invalid';
import { submitOffer } from '../offer-actions';
import { listingAsking, offerBeyondAsking, offerFigures } from '../offer-figures';

interface OfferFormProps {
  listing: Listing;
  onDone(): void;
  goHome(): void;
  /** What the item trades for, shown beside the amount so an offer can be judged. */
  reference?: ReactNode;
}

/**
 * An offer for some or all of what remains of the listing (all by default), its price entered per item
 * (Each) or as the total for that quantity; the form shows both.
 */
export function OfferForm({ listing, onDone, goHome, reference }: OfferFormProps) {
  const id = useId();
  const remaining = listing.remainingQuantity;
  // Until the buyer types a quantity the offer is for all that remains, following it live.
  const [typedQuantity, setTypedQuantity] = useState<string | null>(null);
  const quantity = typedQuantity ?? String(remaining);
  const [price, setPrice] = useState(EMPTY_PRICE);
  const [mode, setMode] = useState<PriceMode>('Each');
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  const figures = offerFigures(draftToCopper(price), mode, quantity, remaining);
  const quantityError = figures.quantityError;
  const forQuantity = `${figures.quantity.toLocaleString('en-US')} ${figures.quantity === 1 ? 'item' : 'items'}`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The quantity's error already shows; Submit takes focus to it and says a field needs attention.
    if (quantityError) return focusFirstInvalid(e.currentTarget);
    const doubt = offerBeyondAsking(listing, figures.amount, figures.quantity);
    const choice = { confirm: 'Send offer', cancel: 'Change offer' };
    if (doubt && !(await notice.confirm(doubt, 'Check your offer', choice))) return;
    setSubmitting(true);
    const ok = await submitOffer(
      { listingId: listing.id, quantity: figures.quantity, amount: figures.amount, message },
      goHome,
    );
    setSubmitting(false);
    if (!ok) return;
    setTypedQuantity(null);
    setPrice(EMPTY_PRICE);
    setMode('Each');
    setMessage('');
    onDone();
  };

  return (
    <form className="card offer-form stack" aria-label="Make an offer" noValidate onSubmit={onSubmit}>
      <div className="field offer-quantity">
        <label htmlFor={`${id}-quantity`}>
          Quantity <span className="muted">(1 to {remaining.toLocaleString('en-US')})</span>
        </label>
        <input
          id={`${id}-quantity`}
          className="input"
          {...digitInputProps}
          value={quantity}
          disabled={submitting}
          aria-invalid={quantityError ? true : undefined}
          aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
          onChange={(e) => setTypedQuantity(clampQuantity(e.target.value))}
        />
        {quantityError && (
          <p className="field-error" id={`${id}-quantity-error`}>
            {quantityError}
          </p>
        )}
      </div>
      <PriceEntry
        legend={mode === 'Each' ? 'Offer amount (each)' : 'Offer amount (total)'}
        value={price}
        mode={mode}
        onChange={setPrice}
        onModeChange={setMode}
        disabled={submitting}
      />
      {reference}
      <dl className="offer-form-figures">
        <div className="offer-form-total">
          <dt>Your offer for {forQuantity}</dt>
          <dd aria-live="polite">
            <PriceTiers copper={figures.amount} />
          </dd>
        </div>
        <div className="offer-form-total">
          <dt>
            Listing {listing.type === 'buy' ? 'pays' : 'asks'} for {forQuantity}
          </dt>
          <dd>
            <PriceTiers copper={listingAsking(listing, figures.quantity)} />
          </dd>
        </div>
        <div>
          <dt>Your price per item</dt>
          <dd>
            <PriceTiers copper={figures.perItem} />
          </dd>
        </div>
      </dl>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message (optional)</label>
        <textarea
          id={`${id}-message`}
          className="input"
          maxLength={OFFER_MESSAGE_MAX}
          value={message}
          disabled={submitting}
          onChange={(e) => setMessage(stripNotes(e.target.value))}
        />
      </div>
      <div className="row">
        <button type="submit" className="btn primary" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Offer'}
        </button>
        <button type="button" className="btn ghost" onClick={onDone} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
