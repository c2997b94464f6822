import { useEffect, useState } from 'react';

/** Marks a form-wide message (a problem that belongs to no one field) as a place focus may go. */
export const FORM_ERROR_ATTRIBUTE = 'data-form-error';

/** The first field marked invalid in `form`, else its form-wide message. */
export function firstInvalid(form: ParentNode): HTMLElement | null {
  return (
    form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form.querySelector<HTMLElement>(`[${FORM_ERROR_ATTRIBUTE}]`)
  );
}

/**
 * After a failed submit, focus goes to the first invalid field (whose message is tied to it by
 * aria-describedby, so a screen reader reads both) or to the form's message. Returns the request: call it
 * with the form in the same update that shows the errors; focus moves once they are rendered.
 */
export function useFocusFirstInvalid(): (form: HTMLElement) => void {
  const [request, setRequest] = useState<{ form: HTMLElement } | null>(null);
  useEffect(() => {
    if (request) firstInvalid(request.form)?.focus();
  }, [request]);
  // A new object each time, so asking twice with the same form still runs the effect again.
  return (form) => setRequest({ form });
}
