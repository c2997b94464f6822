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
}

/** Platinum, Gold, Silver and Copper fields (digits only, 0-999, empty = 0) and the Each/Total mode. */
export function PriceEntry({
  legend,
  value,
  mode,
  onChange,
  onModeChange,
  error,
  disabled,
}: PriceEntryProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="price-entry" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="price-entry-fields">
        {TIER_FIELDS.map(({ key, label }) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <input
              id={`${id}-${key}`}
              className={`input price-tier-input tier-${key}`}
              {...digitInputProps}
              maxLength={3}
              placeholder="0"
              value={value[key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => onChange({ ...value, [key]: cleanTier(e.target.value) })}
            />
          </div>
        ))}
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
