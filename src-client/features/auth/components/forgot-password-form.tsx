import { useState } from 'react';
import { emailOnlySchema } from '../../../../src-common/schemas/auth';
import { useAfterDelay } from '../../../lib/use-after-delay';
import { authApi } from '../../../lib/auth-api';
import { useForm } from '../../../components/form/use-form';
import { FormError, TextField } from '../../../components/form/text-field';

/** How long the confirmation shows before going back to the login form. */
export const FORGOT_RETURN_MS = 5000;

/** Asks for a reset link; after success it shows the confirmation, then returns to login by itself. */
export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const form = useForm(emailOnlySchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);
  useAfterDelay(sent !== null, FORGOT_RETURN_MS, onBack);

  const submit = form.onSubmit(async (input) => {
    setSent((await authApi.forgotPassword(input.email)).message);
  }, 'Failed to send reset email');

  if (sent) {
    return (
      <div className="stack auth-form">
        <p className="success-text" role="status">
          {sent}
        </p>
        <p className="muted">Returning to login...</p>
        <button type="button" className="link-button" onClick={onBack}>
          Back to Login
        </button>
      </div>
    );
  }

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate>
      <p className="muted">
        Enter your account&apos;s email and we will send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        {...form.field('email')}
      />
      <FormError message={form.errors.form} />
      <button type="submit" className="btn primary" disabled={form.busy}>
        {form.busy ? 'Sending...' : 'Send Reset Link'}
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        Back to Login
      </button>
    </form>
  );
}
