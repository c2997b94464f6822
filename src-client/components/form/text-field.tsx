import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { FORM_ERROR_ATTRIBUTE } from '../use-focus-invalid';
import './form.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string;
  hint?: string;
}

/** A labelled input with its error and hint wired to it for screen readers. */
export function TextField({ label, value, onValue, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = joinIds(error && `${id}-error`, hint && `${id}-hint`);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="muted field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'onChange' | 'value' | 'maxLength'
> {
  label: ReactNode;
  value: string;
  onValue(value: string): void;
  /** The most characters it takes; the counter under it counts towards this. */
  max: number;
  error?: string | null;
  hint?: string | null;
  /** Said after the count, e.g. a keyboard shortcut. */
  countNote?: string;
  /** Announce the error when it appears (for a form with no form-level message of its own). */
  alertError?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** How much of `max` a text uses, in the same words under every counted field. */
export function characterCount(length: number, max: number): string {
  return `${length.toLocaleString('en-US')}/${max.toLocaleString('en-US')} characters`;
}

/** A labelled textarea with a character counter, its error and hint wired to it for screen readers. */
export function TextAreaField({
  label,
  value,
  onValue,
  max,
  error,
  hint,
  countNote,
  alertError,
  className,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  const describedBy = joinIds(error && `${id}-error`, `${id}-count`, hint && `${id}-hint`);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="input"
        maxLength={max}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <p id={`${id}-count`} className="muted field-counter">
        {characterCount(value.length, max)}
        {countNote && `. ${countNote}`}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="muted field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role={alertError ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}

function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A problem with the whole form, announced when it appears; a failed submit focuses it. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="error-text form-message" role="alert" tabIndex={-1} {...{ [FORM_ERROR_ATTRIBUTE]: '' }}>
      {message}
    </p>
  );
}
