import { useId, type ReactNode } from 'react';
import { EpisodeIcon, ProfessionIcon } from '../badges/badges';
import { TYPE_LABELS } from '../../lib/listings/browse-filters';
import { IconSelect } from './icon-select';

interface ChoiceProps {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  onChange(value: string): void;
}

/** A labelled native select. */
export function ChoiceField({ label, value, options, onChange }: ChoiceProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SearchField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Search</label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder="Search items..."
        value={value}
        maxLength={100}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

const episodeIcon = (v: string): ReactNode => <EpisodeIcon episode={v} />;
const professionIcon = (v: string): ReactNode => <ProfessionIcon profession={v} />;

export function EpisodeField(props: {
  value: string;
  options: readonly string[];
  onChange(value: string): void;
}) {
  return <IconSelect label="Episode" allLabel="All Episodes" icon={episodeIcon} {...props} />;
}

export function ProfessionField(props: {
  value: string;
  options: readonly string[];
  onChange(value: string): void;
}) {
  return <IconSelect label="Profession" allLabel="All Professions" icon={professionIcon} {...props} />;
}

/** Select options from a value -> label record, with an optional "all" choice (empty value) first. */
export function labelledOptions(
  labels: Readonly<Record<string, string>>,
  all?: string,
): Array<readonly [value: string, label: string]> {
  return [...(all === undefined ? [] : [['', all] as const]), ...Object.entries(labels)];
}

export const TYPE_OPTIONS = labelledOptions(TYPE_LABELS, 'All');
