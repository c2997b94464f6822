import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { clampQuantity, formatCopper, type PriceMode } from '../../../../src-common/money';
import { stripNotes } from '../../../../src-common/notes';
import { OFFER_MESSAGE_MAX } from '../../../../src-common/schemas/offer';
import type { Listing } from '../../../../src-common/schemas/listing';
import { digitInputProps } from '../../../components/money/digits';
import { PriceEntry } from '../../../components/money/price-entry';
import { draftFromCopper, draftToCopper, type PriceDraft } from '../../../components/money/price-draft';
import { PriceTiers } from '../../../components/money/price-tiers';
import { notice } from '../../../components/notice/notice-store';
import { useFocusFirstInvalid } from '../../../components/use-focus-invalid';
import { submitOffer } from '../offer-actions';
import { differenceInWords, fivePercentEntry } from '../offer-amount';
import { listingAsking, offerBeyondAsking, offerFigures } from '../offer-figures';

interface OfferFormProps {
  listing: Listing;
  /** After a sent offer (`sent`) or Cancel. */
  onDone(sent: boolean): void;
  goHome(): void;
  /** What the item trades for, shown beside the amount so an offer can be judged. */
  reference?: ReactNode;
  /** The item's 7-day median price each (null without trades in that time), compared with the offer. */
  median7d?: number | null;
  /** The quantity field, for a dialog to focus when it opens. */
  quantityRef?: Ref<HTMLInputElement>;
  /** The submit button's label. */
  submitLabel?: string;
}

/** How far the offer is from the listing's price and from the item's 7-day median, in words. */
function Difference({
  id,
  listing,
  amount,
  quantity,
  median7d,
}: {
  id: string;
  listing: Listing;
  amount: number;
  quantity: number;
  median7d: number | null | undefined;
}) {
  const reference = listing.type === 'buy' ? "the buyer's price" : 'the asking price';
  const asking = differenceInWords(amount, listingAsking(listing, quantity), reference);
  let median: string | null = null;
  if (median7d === null) median = 'No trades of this item in the last 7 days to compare with.';
  else if (median7d !== undefined) {
    const words = differenceInWords(amount, median7d * quantity, "the item's 7-day median");
    median = `${words[0].toUpperCase()}${words.slice(1)} (${formatCopper(median7d)} each).`;
  }
  return (
    <p className="offer-form-difference" id={id} data-testid="offer-difference">
      <span>Your offer is {asking}.</span>
      {median && <span> {median}</span>}
    </p>
  );
}

/**
 * An offer for some or all of what remains of the listing (all by default). It starts at the listing's own
 * price for the quantity and follows the quantity until the player enters a price, per item (Each) or as
 * the total for that quantity; the form shows both, and how far the offer is from the listing's price and
 * the item's median.
 */
export function OfferForm({
  listing,
  onDone,
  goHome,
  reference,
  median7d,
  quantityRef,
  submitLabel = 'Submit Offer',
}: OfferFormProps) {
  const id = useId();
  const remaining = listing.remainingQuantity;
  // Until the buyer types a quantity the offer is for all that remains, following it live.
  const [typedQuantity, setTypedQuantity] = useState<string | null>(null);
  const quantity = typedQuantity ?? String(remaining);
  // Null until the player enters a price: the offer is then at the listing's price for the quantity.
  const [typedPrice, setTypedPrice] = useState<PriceDraft | null>(null);
  const [mode, setMode] = useState<PriceMode>('Each');
  const [message, setMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  const entry = typedPrice && { entered: draftToCopper(typedPrice), mode };
  const figures = offerFigures(entry, quantity, listing);
  const quantityError = figures.quantityError;
  const asking = listingAsking(listing, figures.quantity);
  const shownPrice = typedPrice ?? draftFromCopper(mode === 'Each' ? listing.price : asking);
  const forQuantity = `${figures.quantity.toLocaleString('en-US')} ${figures.quantity === 1 ? 'item' : 'items'}`;
  const buying = listing.type === 'buy';
  // The shortcut moves the price the offerer's way: under what a seller asks, above what a buyer pays.
  const direction = buying ? 1 : -1;

  const atListingPrice = () => {
    setTypedPrice(null);
    setMode('Each');
  };
  const fivePercent = () => {
    const moved = fivePercentEntry(asking, listing.price, direction);
    setTypedPrice(draftFromCopper(moved.entered));
    setMode(moved.mode);
  };

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
    atListingPrice();
    setMessage('');
    onDone(true);
  };

  return (
    <form className="card offer-form stack" aria-label="Make an offer" noValidate onSubmit={onSubmit}>
      <div className="field offer-quantity">
        <label htmlFor={`${id}-quantity`}>
          Quantity <span className="muted">(1 to {remaining.toLocaleString('en-US')})</span>
        </label>
        <input
          ref={quantityRef}
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
        value={shownPrice}
        mode={mode}
        onChange={setTypedPrice}
        onModeChange={setMode}
        disabled={submitting}
        describedBy={quantityError ? undefined : `${id}-difference`}
      />
      <div className="row offer-form-shortcuts">
        <button type="button" className="btn small" onClick={atListingPrice} disabled={submitting}>
          {buying ? "Buyer's price" : 'Ask price'}
        </button>
        <button type="button" className="btn small" onClick={fivePercent} disabled={submitting}>
          {buying ? '+5\u00a0%' : '\u22125\u00a0%'}
        </button>
      </div>
      {!quantityError && (
        <Difference
          id={`${id}-difference`}
          listing={listing}
          amount={figures.amount}
          quantity={figures.quantity}
          median7d={median7d}
        />
      )}
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
            Listing {buying ? 'pays' : 'asks'} for {forQuantity}
          </dt>
          <dd>
            <PriceTiers copper={asking} />
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
          {submitting ? 'Submitting...' : submitLabel}
        </button>
        <button type="button" className="btn ghost" onClick={() => onDone(false)} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
