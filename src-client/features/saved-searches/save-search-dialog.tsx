import { useId, useRef, useState, type FormEvent } from 'react';
import { SAVED_SEARCH_NAME_MAX, savedSearchInputSchema } from '../../../src-common/schemas/saved-search';
import { DialogActions } from '../../components/form/dialog-actions';
import { FormError } from '../../components/form/text-field';
import { Modal } from '../../components/modal';
import { draftToCopper, EMPTY_PRICE, type PriceDraft } from '../../components/money/price-draft';
import { PriceTierFields } from '../../components/money/price-entry';
import { toast } from '../../components/notice/notice-store';
import { errorMessage } from '../../lib/api-client';
import type { BrowseFilters } from '../../lib/listings/browse-filters';
import { savedSearchesApi } from './saved-searches-api';
import { describeFilters, suggestedName } from './saved-search-text';
import './saved-searches.css';

/**
 * Saves the browser's current filters under a name, with an optional price condition: for sell listings
 * a highest unit price, for buy listings a lowest. Checked with the same schema as the server's route.
 */
export default function SaveSearchDialog({ filters, onClose }: { filters: BrowseFilters; onClose(): void }) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const summary = describeFilters(filters);
  const [name, setName] = useState(() => suggestedName(filters).slice(0, SAVED_SEARCH_NAME_MAX));
  const [priced, setPriced] = useState(false);
  const [price, setPrice] = useState<PriceDraft>(EMPTY_PRICE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bound = filters.type === 'sell' ? 'maxUnitPrice' : filters.type === 'buy' ? 'minUnitPrice' : null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      filters: {
        q: filters.q,
        item: filters.item,
        type: filters.type,
        category: filters.category,
        episode: filters.episode,
        profession: filters.profession,
      },
      ...(bound && priced ? { [bound]: draftToCopper(price) } : {}),
    };
    const parsed = savedSearchInputSchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setBusy(true);
    setError(null);
    try {
      await savedSearchesApi.create(body);
      toast(`Saved "${parsed.data.name}". New matching listings will notify you.`, 'success');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the search'));
      setBusy(false);
    }
  };

  return (
    <Modal title="Save this search" onClose={onClose} initialFocus={nameRef}>
      <form className="stack save-search-form" onSubmit={(e) => void save(e)} noValidate>
        <p className="muted">
          {summary ? (
            <>
              Filters: <strong>{summary}</strong>
            </>
          ) : (
            'No search or filter is chosen yet.'
          )}
        </p>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        {bound ? (
          <fieldset className="save-search-price" disabled={busy}>
            <legend className="visually-hidden">Price condition</legend>
            <div className="checkbox-row">
              <input
                id={`${id}-priced`}
                type="checkbox"
                checked={priced}
                onChange={(e) => setPriced(e.target.checked)}
              />
              <label htmlFor={`${id}-priced`}>
                {bound === 'maxUnitPrice'
                  ? 'Only when the unit price is at most'
                  : 'Only when the unit price is at least'}
              </label>
            </div>
            {priced && (
              <div className="save-search-tiers">
                <PriceTierFields id={id} value={price} onChange={setPrice} />
              </div>
            )}
          </fieldset>
        ) : (
          <p className="muted">To add a price condition, choose Buy or Sell as the Type.</p>
        )}
        <FormError message={error} />
        <DialogActions submitLabel="Save search" busyLabel="Saving..." busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
