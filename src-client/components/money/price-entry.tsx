import { useId } from 'react';
import { PRICE_MODES, type PriceMode } from '../../../src-common/money';
import { digitInputProps } from './digits';
import { cleanTier, TIER_FIELDS, type PriceDraft } from './price-draft';
import './money.css';

interface PriceEntryProps {
  legend: string;
  value: PriceDraft;
  mode: PriceMode;
  onChange(value: PriceDraft): void;
  onModeChange(mode: PriceMode): void;
  error?: string;
  disabled?: boolean;
  /** The id of text that says more about the amount (each tier field is described by it, after any error). */
  describedBy?: string;
}

/**
 * The Platinum, Gold, Silver and Copper inputs (digits only, 0-999, empty = 0), ids derived from `id`;
 * with `errorId` they are marked invalid and described by that message.
 */
export function PriceTierFields({
  id,
  value,
  onChange,
  errorId,
  describedBy,
}: {
  id: string;
  value: PriceDraft;
  onChange(value: PriceDraft): void;
  errorId?: string;
  describedBy?: string;
}) {
  const description = [errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return TIER_FIELDS.map(({ key, label }) => (
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className={`input price-tier-input tier-${key}`}
        {...digitInputProps}
        maxLength={3}
        placeholder="0"
        value={value[key]}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={description}
        onChange={(e) => onChange({ ...value, [key]: cleanTier(e.target.value) })}
      />
    </div>
  ));
}

/** The four tier fields and the Each/Total mode. */
export function PriceEntry({
  legend,
  value,
  mode,
  onChange,
  onModeChange,
  error,
  disabled,
  describedBy,
}: PriceEntryProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="price-entry" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="price-entry-fields">
        <PriceTierFields
          id={id}
          value={value}
          onChange={onChange}
          errorId={error ? errorId : undefined}
          describedBy={describedBy}
        />
        <div className="field">
          <label htmlFor={`${id}-mode`}>Price mode</label>
          <select
            id={`${id}-mode`}
            className="select"
            value={mode}
            onChange={(e) => onModeChange(e.target.value as PriceMode)}
          >
            {PRICE_MODES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
