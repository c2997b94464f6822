import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_QUANTITY, quantityDigits } from '../../../../src-common/money';
import { tradedQuantity } from '../../../../src-common/trade';
import { explainStripped, NOTES_MAX, stripNotes } from '../../../../src-common/notes';
import type { Listing } from '../../../../src-common/schemas/listing';
import { digitInputProps } from '../../../components/money/digits';
import { PriceEntry } from '../../../components/money/price-entry';
import { PriceTiers } from '../../../components/money/price-tiers';
import { announce } from '../../../components/live-region/announcer';
import { notice, toast } from '../../../components/notice/notice-store';
import { FORM_ERROR_ATTRIBUTE, useFocusFirstInvalid } from '../../../components/use-focus-invalid';
import { api, ApiError, errorMessage, SessionEndedError } from '../../../lib/api-client';
import { selectUser, useSession } from '../../../lib/session';
import { useCatalogue } from '../../../lib/catalogue-store';
import {
  draftFromListing,
  draftPreview,
  draftToBody,
  EMPTY_DRAFT,
  normaliseDraft,
  validateDraft,
  withItem,
  type FieldErrors,
  type ListingDraft,
} from '../listing-draft';
import { JUST_SAVED_STATE } from '../just-saved';
import { listingActions } from '../../../lib/listings/listings-store';
import { CombatFields } from './combat-fields';
import { IgnField, useIgnField } from './ign-field';
import { ItemPicker } from './item-picker';
import { ListingCard } from './listing-card';
import './listing-form.css';

/** The message a failed save shows: why the session ended, or a field error at its field. */
function saveFailure(err: unknown): { field?: string; message: string } {
  if (err instanceof SessionEndedError) {
    return {
      message: err.explain(
        err.code === 'TOKEN_EXPIRED'
          ? 'Your session has expired. Please log in again.'
          : 'Please log in again to continue',
      ),
    };
  }
  if (err instanceof ApiError && err.field) {
    const field = ['platinum', 'gold', 'silver', 'copper'].includes(err.field) ? 'price' : err.field;
    return { field, message: err.message };
  }
  return { message: errorMessage(err, 'Failed to save listing') };
}

const QUANTITY_LIMIT = `Up to ${MAX_QUANTITY.toLocaleString('en-US')}`;

/** A price of 0 is allowed, but is more often a slip than a gift: the player says which. */
function confirmFree(draft: ListingDraft): Promise<boolean> {
  const verb = draft.type === 'buy' ? 'Ask for' : 'Give away';
  return notice.confirm(`${verb} ${draft.item} for free? The price is 0.`, 'Free listing?', {
    confirm: draft.type === 'buy' ? 'Post for free' : 'Give it away',
    cancel: 'Set a price',
  });
}

/**
 * Post or edit a listing, with a live preview of the card it will make. `from` fills a new listing in from
 * a closed one (Relist); `item` starts a new one on that item (the item page's "Post a listing").
 */
export function ListingForm({ editing, from, item }: { editing?: Listing; from?: Listing; item?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const user = useSession(selectUser);
  const options = useCatalogue((s) => s.options);
  const optionsLoading = useCatalogue((s) => s.optionsStatus !== 'ready');
  const loadOptions = useCatalogue((s) => s.loadOptions);
  const [draft, setDraft] = useState<ListingDraft>(() => {
    const source = editing ?? from;
    if (source) return draftFromListing(source);
    return item ? { ...EMPTY_DRAFT, item } : EMPTY_DRAFT;
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const traded = editing ? tradedQuantity(editing) : 0;
  const [formError, setFormError] = useState('');
  // Why the notes lost characters; it stays until the notes are emptied or lose something else.
  const [notesStripped, setNotesStripped] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  const ign = useIgnField();

  useEffect(() => {
    loadOptions();
  }, [loadOptions]);

  const byName = useMemo(() => new Map(options.map((o) => [o.name, o])), [options]);
  const option = byName.get(draft.item);
  // The given item's combat category comes from the catalogue, as when it is picked, once that has loaded.
  const givenOption = item && !editing && !from ? byName.get(item) : undefined;
  useEffect(() => {
    if (givenOption) setDraft((d) => (d.item === givenOption.name ? withItem(d, givenOption) : d));
  }, [givenOption]);
  const preview = useMemo(() => draftPreview(draft, option, user, editing), [draft, option, user, editing]);

  const update = (change: Partial<ListingDraft>) => {
    const next = normaliseDraft({ ...draft, ...change }, byName.get(change.item ?? draft.item));
    setDraft(next);
    // A quantity over the limit says so at once (the schema's message), rather than waiting for Post.
    const quantityError =
      'quantity' in change && next.quantity !== '' ? validateDraft(next).quantity : undefined;
    setErrors((e) => {
      const errs = { ...e };
      for (const key of Object.keys(change)) delete errs[key];
      if (quantityError) errs.quantity = quantityError;
      return errs;
    });
  };

  const changeNotes = (typed: string) => {
    const explained = explainStripped(typed);
    if (explained) {
      if (explained !== notesStripped) announce(explained);
      setNotesStripped(explained);
    } else if (typed === '') setNotesStripped(null);
    update({ notes: stripNotes(typed).slice(0, NOTES_MAX) });
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const found = validateDraft(draft);
    if (!found.item && options.length && !option) found.item = 'Please select an item';
    setErrors(found);
    setFormError('');
    const ignFine = ign.check();
    if (Object.keys(found).length || !ignFine) {
      focusFirstInvalid(form);
      return;
    }
    if (preview.price === 0 && !(await confirmFree(draft))) return;
    setSaving(true);
    try {
      await ign.save().catch((err: unknown) => {
        ign.fail(errorMessage(err, 'Failed to save your in-game name'));
        throw err;
      });
      const body = draftToBody(draft);
      const saved = editing
        ? await api.put<Listing>(`/listings/${editing.id}`, body)
        : await api.post<Listing>('/listings', body);
      listingActions.upsert(saved, !editing);
      toast('Listing saved!', 'success');
      navigate(`/listing/${saved.id}`, { state: JUST_SAVED_STATE });
    } catch (err) {
      const failure = saveFailure(err);
      if (failure.field) setErrors({ [failure.field]: failure.message });
      else setFormError(failure.message);
      toast('Failed to save listing', 'error');
      setSaving(false);
      focusFirstInvalid(form);
    }
  };

  return (
    <div className="listing-form-layout">
      <form
        className="card stack listing-form"
        aria-label={editing ? 'Edit listing' : 'New listing'}
        noValidate
        onSubmit={onSubmit}
      >
        <ItemPicker
          options={options}
          loading={optionsLoading}
          value={draft.item}
          error={errors.item}
          disabled={saving}
          onChange={(o) => {
            // Unset, the combat figures wait (hidden) in case the same weapon is named again.
            setDraft((d) => (o ? withItem(d, o) : { ...d, item: '' }));
            setErrors((e) => ({ ...e, item: undefined }));
          }}
        />
        <div className="listing-form-row">
          <div className="field">
            <label htmlFor={`${id}-type`}>Type</label>
            <select
              id={`${id}-type`}
              className="select"
              value={draft.type}
              onChange={(e) => update({ type: e.target.value as ListingDraft['type'] })}
            >
              <option value="sell">Sell</option>
              <option value="buy">Buy</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-quantity`}>Quantity</label>
            <div className="quantity-entry">
              <input
                id={`${id}-quantity`}
                className="input"
                {...digitInputProps}
                value={draft.quantity}
                aria-invalid={errors.quantity ? true : undefined}
                aria-describedby={
                  errors.quantity ? `${id}-quantity-error ${id}-quantity-limit` : `${id}-quantity-limit`
                }
                onChange={(e) => update({ quantity: quantityDigits(e.target.value) })}
              />
              <span className="muted quantity-limit" id={`${id}-quantity-limit`}>
                {QUANTITY_LIMIT}
              </span>
            </div>
            {errors.quantity && (
              <p className="field-error" id={`${id}-quantity-error`}>
                {errors.quantity}
              </p>
            )}
            {traded > 0 && (
              <p className="listing-form-hint muted">
                {traded.toLocaleString('en-US')} already traded: the quantity includes them.
              </p>
            )}
          </div>
        </div>
        <PriceEntry
          legend="Price"
          value={draft.price}
          mode={draft.priceMode}
          error={errors.price ?? errors.priceMode}
          onChange={(price) => update({ price })}
          onModeChange={(priceMode) => update({ priceMode })}
        />
        <p className="listing-form-price-summary">
          <span className="muted">Each:</span> <PriceTiers copper={preview.price} />
          <span className="muted">Total:</span> <PriceTiers copper={preview.totalPrice} />
        </p>
        {option?.isCombat && <CombatFields draft={draft} errors={errors} onChange={update} />}
        <div className="field">
          <label htmlFor={`${id}-notes`}>Notes</label>
          <textarea
            id={`${id}-notes`}
            className="input"
            maxLength={NOTES_MAX}
            value={draft.notes}
            aria-describedby={[
              errors.notes && `${id}-notes-error`,
              notesStripped && `${id}-notes-stripped`,
              `${id}-notes-count`,
            ]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={errors.notes ? true : undefined}
            onChange={(e) => changeNotes(e.target.value)}
          />
          {notesStripped && (
            <p className="listing-form-hint notes-stripped" id={`${id}-notes-stripped`}>
              {notesStripped}
            </p>
          )}
          <p className="muted notes-counter" id={`${id}-notes-count`}>
            {draft.notes.length}/{NOTES_MAX} characters
          </p>
          {errors.notes && (
            <p className="field-error" id={`${id}-notes-error`}>
              {errors.notes}
            </p>
          )}
        </div>
        <IgnField field={ign} disabled={saving} />
        {formError && (
          <p className="error-text" role="alert" tabIndex={-1} {...{ [FORM_ERROR_ATTRIBUTE]: '' }}>
            {formError}
          </p>
        )}
        <div className="row">
          <button type="submit" className="btn primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Listing' : 'Post Listing'}
          </button>
          <button
            type="button"
            className="btn ghost"
            disabled={saving}
            onClick={() => navigate('/alllistings')}
          >
            Cancel
          </button>
        </div>
      </form>
      <aside className="listing-form-preview" aria-label="Preview">
        <h2 className="listing-form-preview-title">Preview</h2>
        <ListingCard listing={preview} preview headingLevel={3} />
      </aside>
    </div>
  );
}
