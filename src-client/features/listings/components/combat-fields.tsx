import { useId, useState } from 'react';
import {
  COMBAT_CATEGORIES,
  DAMAGE_TYPES,
  isCombatCategory,
  RARITIES,
} from '../../../../src-common/catalogue';
import { DMG_PERCENT_MESSAGE, isAllowedDmgPercent } from '../../../../src-common/schemas/listing';
import { digitInputProps } from '../../../components/money/digits';
import {
  cleanCombatNumber,
  COMBAT_NUMBER_LIMITS,
  type CombatField,
  type FieldErrors,
  type ListingDraft,
} from '../listing-draft';

interface CombatFieldsProps {
  draft: ListingDraft;
  errors: FieldErrors;
  onChange(change: Partial<ListingDraft>): void;
}

const RESISTANCES: ReadonlyArray<[CombatField, string]> = [
  ['combatImpact', 'Impact'],
  ['combatCryonae', 'Cryonae'],
  ['combatArborae', 'Arborae'],
  ['combatTempestae', 'Tempestae'],
  ['combatInfernae', 'Infernae'],
  ['combatNecromae', 'Necromae'],
];

function NumberField({
  field,
  label,
  draft,
  error,
  onChange,
  onBlur,
  onFocus,
}: {
  field: CombatField;
  label: string;
  draft: ListingDraft;
  error?: string;
  onChange(change: Partial<ListingDraft>): void;
  onBlur?(): void;
  onFocus?(): void;
}) {
  const id = useId();
  const limit = COMBAT_NUMBER_LIMITS[field];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        {...digitInputProps}
        maxLength={limit?.digits ?? 2}
        placeholder={limit ? `0-${limit.max}` : '0, 30-49, 70-89'}
        value={draft[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange({ [field]: cleanCombatNumber(field, e.target.value) })}
        onBlur={onBlur}
        onFocus={onFocus}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function SelectField(props: {
  label: string;
  value: string;
  options: readonly string[];
  empty: string;
  error?: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        className="select"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.empty}</option>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The combat section, shown only for combat items. Rarity is offered only for Weapon and Armor. */
export function CombatFields({ draft, errors, onChange }: CombatFieldsProps) {
  const dmg = draft.combatDmgPercent;
  // Checked once the field is left (or on submit, through `errors`): "3" is on its way to "35", not wrong.
  const [dmgLeft, setDmgLeft] = useState(false);
  const dmgError =
    dmgLeft && dmg !== '' && !isAllowedDmgPercent(Number(dmg))
      ? DMG_PERCENT_MESSAGE
      : errors.combatDmgPercent;
  const hasRarity = isCombatCategory(draft.combatCategory);
  return (
    <fieldset className="combat-fields">
      <legend>Combat</legend>
      <div className="combat-grid">
        <SelectField
          label="Category"
          value={draft.combatCategory}
          options={COMBAT_CATEGORIES}
          empty="None"
          error={errors.combatCategory}
          onChange={(v) => onChange({ combatCategory: v, ...(isCombatCategory(v) ? {} : { rarity: '' }) })}
        />
        {hasRarity && (
          <SelectField
            label="Rarity"
            value={draft.rarity}
            options={RARITIES}
            empty="Not set"
            error={errors.rarity}
            onChange={(rarity) => onChange({ rarity })}
          />
        )}
        <NumberField
          field="combatLevel"
          label="Level"
          draft={draft}
          error={errors.combatLevel}
          onChange={onChange}
        />
        <NumberField
          field="combatStrength"
          label="Strength"
          draft={draft}
          error={errors.combatStrength}
          onChange={onChange}
        />
        <SelectField
          label="Damage type"
          value={draft.combatDmgType}
          options={DAMAGE_TYPES}
          empty="Not set"
          error={errors.combatDmgType}
          onChange={(combatDmgType) => onChange({ combatDmgType })}
        />
        <NumberField
          field="combatDmgPercent"
          label="Dmg %"
          draft={draft}
          error={dmgError}
          onChange={onChange}
          onFocus={() => setDmgLeft(false)}
          onBlur={() => setDmgLeft(true)}
        />
      </div>
      <fieldset className="combat-resistances">
        <legend className="combat-subheading">Resistances</legend>
        <div className="combat-grid">
          {RESISTANCES.map(([field, label]) => (
            <NumberField
              key={field}
              field={field}
              label={label}
              draft={draft}
              error={errors[field]}
              onChange={onChange}
            />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
