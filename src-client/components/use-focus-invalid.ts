import { useEffect, useState } from 'react';
import { announce } from './live-region/announcer';

/** Marks a form-wide message (a problem that belongs to no one field) as a place focus may go. */
export const FORM_ERROR_ATTRIBUTE = 'data-form-error';

/** The first field marked invalid in `form`, else its form-wide message. */
export function firstInvalid(form: ParentNode): HTMLElement | null {
  return (
    form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form.querySelector<HTMLElement>(`[${FORM_ERROR_ATTRIBUTE}]`)
  );
}

/** What the live region says after a failed submit: how many fields need fixing. */
export function fieldErrorsText(count: number): string {
  return count === 1 ? '1 field needs attention.' : `${count} fields need attention.`;
}

/**
 * After a failed submit, focus goes to the first invalid field (whose message is tied to it by
 * aria-describedby, so a screen reader reads both) or to the form's message. The live region also says how
 * many fields need fixing, so that more than the focused one's problem is known; it does not repeat the
 * messages, which the reader hears on each field (a form-wide message is a role="alert" of its own). Returns the request: call it with the form in the same update
 * that shows the errors; focus moves once they are rendered.
 */
export function useFocusFirstInvalid(): (form: HTMLElement) => void {
  const [request, setRequest] = useState<{ form: HTMLElement } | null>(null);
  useEffect(() => {
    if (!request) return;
    firstInvalid(request.form)?.focus();
    const count = request.form.querySelectorAll('[aria-invalid="true"]').length;
    if (count > 0) announce(fieldErrorsText(count));
  }, [request]);
  // A new object each time, so asking twice with the same form still runs the effect again.
  return (form) => setRequest({ form });
}
