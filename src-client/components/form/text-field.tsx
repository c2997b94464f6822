import { useId, type InputHTMLAttributes } from 'react';
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
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
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

/** A problem with the whole form, announced when it appears; a failed submit focuses it. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="error-text form-message" role="alert" tabIndex={-1} {...{ [FORM_ERROR_ATTRIBUTE]: '' }}>
      {message}
    </p>
  );
}
