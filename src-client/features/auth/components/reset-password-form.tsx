import { useState } from 'react';
import { resetPasswordFormSchema } from '../../../../src-common/schemas/auth';
import { useAfterDelay } from '../../../lib/use-after-delay';
import { authApi } from '../../../lib/auth-api';
import { useForm } from '../../../components/form/use-form';
import { FormError, TextField } from '../../../components/form/text-field';

/** How long the success message shows before going home. */
export const RESET_REDIRECT_MS = 3000;

/** New password + confirm for a reset link's token: form, then success, then a redirect to /. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const form = useForm(resetPasswordFormSchema, { token, newPassword: '', confirmPassword: '' });
  const [done, setDone] = useState<string | null>(null);
  useAfterDelay(done !== null, RESET_REDIRECT_MS, onDone);

  const submit = form.onSubmit(async (input) => {
    setDone((await authApi.resetPassword({ token: input.token, newPassword: input.newPassword })).message);
  }, 'Failed to reset password');

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
        {...form.field('newPassword')}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('confirmPassword')}
      />
      <FormError message={form.errors.form ?? form.errors.token} />
      <button type="submit" className="btn primary" disabled={form.busy}>
        {form.busy ? 'Resetting...' : 'Reset Password'}
      </button>
    </form>
  );
}
