import { useId, useState, type FormEvent } from 'react';
import { totalPrice, type PriceMode } from '../../../../src-common/money';
import { stripNotes } from '../../../../src-common/notes';
import { OFFER_MESSAGE_MAX } from '../../../../src-common/schemas/offer';
import type { Listing } from '../../../../src-common/schemas/listing';
import { PriceEntry } from '../../../components/money/price-entry';
import { draftToCopper, EMPTY_PRICE } from '../../../components/money/price-draft';
import { PriceTiers } from '../../../components/money/price-tiers';
import { submitOffer } from '../offer-actions';

interface OfferFormProps {
  listing: Listing;
  onDone(): void;
  goHome(): void;
}

/** An offer for the listing's whole quantity, entered per item (Each) or as the total. */
export function OfferForm({ listing, onDone, goHome }: OfferFormProps) {
  const id = useId();
  const [price, setPrice] = useState(EMPTY_PRICE);
  const [mode, setMode] = useState<PriceMode>('Each');
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const amount = totalPrice(draftToCopper(price), mode, listing.quantity);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitting(true);
    const ok = await submitOffer(listing.id, amount, message, goHome);
    setSubmitting(false);
    if (!ok) return;
    setPrice(EMPTY_PRICE);
    setMode('Each');
    setMessage('');
    onDone();
  };

  return (
    <form className="card offer-form stack" aria-label="Make an offer" onSubmit={onSubmit}>
      <PriceEntry
        legend={mode === 'Each' ? 'Offer amount (each)' : 'Offer amount (total)'}
        value={price}
        mode={mode}
        onChange={setPrice}
        onModeChange={setMode}
        disabled={submitting}
      />
      <p className="offer-form-total">
        <span className="muted">Offer total for {listing.quantity.toLocaleString('en-US')}: </span>
        <PriceTiers copper={amount} />
      </p>
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
