import { useEffect, useState } from 'react';
import { resetPasswordFormSchema } from '../../../../src-common/schemas/auth';
import { authApi } from '../auth-api';
import { useForm } from '../use-form';
import { FormError, TextField } from './text-field';

/** The spec's pause on the success message before going home. */
export const RESET_REDIRECT_MS = 3000;

/** New password + confirm for a reset link's token: form, then success, then a redirect to /. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const form = useForm(resetPasswordFormSchema, { token, newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onDone, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, onDone]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input || busy) return;
    setBusy(true);
    try {
      setDone((await authApi.resetPassword({ token: input.token, newPassword: input.newPassword })).message);
    } catch (err) {
      form.showServerError(err, 'Failed to reset password');
      setBusy(false);
    }
  };

  if (done) {
    return (
      <p className="notice-line success" role="status">
        {done} Taking you to the marketplace...
      </p>
    );
  }

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={form.values.newPassword}
        onValue={(v) => form.setField('newPassword', v)}
        error={form.errors.newPassword}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        onValue={(v) => form.setField('confirmPassword', v)}
        error={form.errors.confirmPassword}
      />
      <FormError message={form.errors.form ?? form.errors.token} />
      <button type="submit" className="btn primary" disabled={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </button>
    </form>
  );
}
