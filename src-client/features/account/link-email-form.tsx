import { useState } from 'react';
import { linkEmailFormSchema } from '../../../src-common/schemas/auth';
import { authApi } from '../auth/auth-api';
import { FormError, TextField } from '../auth/components/text-field';
import { currentUser } from '../auth/current-user';
import { useAfterDelay } from '../../lib/use-after-delay';
import { useForm } from '../auth/use-form';

/** The spec's pause on "Email linked successfully!" before the form closes. */
export const LINK_EMAIL_CLOSE_MS = 6000;

/** Email, password and confirm; on success the form closes 6 s later and the account is fetched again. */
export function LinkEmailForm({ onClose }: { onClose(): void }) {
  const form = useForm(linkEmailFormSchema, { email: '', password: '', confirmPassword: '' });
  const [linked, setLinked] = useState<string | null>(null);
  useAfterDelay(linked !== null, LINK_EMAIL_CLOSE_MS, () => {
    onClose();
    void currentUser.load(true);
  });

  const submit = form.onSubmit(async (input) => {
    setLinked((await authApi.linkEmail({ email: input.email, password: input.password })).message);
  }, 'Failed to link email');

  if (linked) {
    return (
      <div className="stack" role="status">
        <p className="success-text">Email linked successfully!</p>
        <p className="muted">{linked.replace(/^Email linked successfully!\s*/, '')}</p>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Link email">
      <TextField
        label="Email to link"
        type="email"
        autoComplete="email"
        value={form.values.email}
        onValue={(v) => form.setField('email', v)}
        error={form.errors.email}
      />
      <TextField
        label="Password for email login"
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onValue={(v) => form.setField('password', v)}
        error={form.errors.password}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onValue={(v) => form.setField('confirmPassword', v)}
        error={form.errors.confirmPassword}
      />
      <FormError message={form.errors.form} />
      <div className="row">
        <button type="submit" className="btn primary small" disabled={form.busy}>
          {form.busy ? 'Linking...' : 'Link Email'}
        </button>
        <button type="button" className="btn small" onClick={onClose} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
