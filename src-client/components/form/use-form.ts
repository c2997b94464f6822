import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { useFocusFirstInvalid } from '../use-focus-invalid';
import { ApiError, errorMessage } from '../../lib/api-client';

/** Field name -> its first problem; `form` holds problems that belong to no one field. */
export type FormErrors<K extends string> = Partial<Record<K | 'form', string>>;

/**
 * Form state validated by a shared src-common schema, so the client shows the same rules and words the
 * server enforces. Editing a field clears that field's error and the form-level one.
 */
export function useForm<S extends z.ZodType<unknown, Record<string, string>>>(
  schema: S,
  initial: z.input<S>,
) {
  type Values = z.input<S>;
  type Key = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors<Key>>({});

  const setField = useCallback((name: Key, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name] && !e.form) return e;
      const next = { ...e };
      delete next[name];
      delete next.form;
      return next;
    });
  }, []);

  /** The parsed values, or null after showing every field's first problem. */
  const validate = (): z.output<S> | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FormErrors<Key> = {};
    for (const issue of result.error.issues) {
      const key = (
        issue.path.length && String(issue.path[0]) in (values as object) ? String(issue.path[0]) : 'form'
      ) as Key | 'form';
      next[key] ??= issue.message;
    }
    setErrors(next);
    return null;
  };

  /** A failed call: on the field the server named when the form has it, else on the form. */
  const showServerError = (err: unknown, fallback: string) => {
    const field = err instanceof ApiError ? err.field : undefined;
    const key = (field && field in (values as object) ? field : 'form') as Key | 'form';
    setErrors({ [key]: errorMessage(err, fallback) } as FormErrors<Key>);
  };

  /** What a TextField needs for one field: its value, its change handler and its error. */
  const field = (name: Key) => ({
    value: values[name] as string,
    onValue: (value: string) => setField(name, value),
    error: errors[name],
  });

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  const [busy, setBusy] = useState(false);
  const focusFirstInvalid = useFocusFirstInvalid();
  /**
   * A submit handler: validates, runs `action` once at a time (`busy` meanwhile), and shows a failure
   * on the field the server named or on the form, with `fallback` when the server gave no message.
   * Either way focus moves to the first problem, so it is announced and can be fixed at once.
   */
  const onSubmit =
    (action: (input: z.output<S>) => Promise<void>, fallback: string) =>
    async (event: React.FormEvent<HTMLElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      const input = validate();
      if (!input) {
        focusFirstInvalid(form);
        return;
      }
      if (busy) return;
      setBusy(true);
      try {
        await action(input);
      } catch (err) {
        showServerError(err, fallback);
        focusFirstInvalid(form);
      } finally {
        setBusy(false);
      }
    };

  return { values, errors, busy, setField, field, validate, showServerError, reset, onSubmit };
}
