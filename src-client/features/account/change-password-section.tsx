import { useEffect, useRef, useState } from 'react';
import { changePasswordFormSchema } from '../../../src-common/schemas/auth';
import { currentUser } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { authApi } from '../../lib/auth-api';
import { FormError, TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirm; the messages come from the shared form schema, as the server's do. */
export function ChangePasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const form = useForm(changePasswordFormSchema, EMPTY);
  const [done, setDone] = useState(false);

  const validateAndSubmit = form.onSubmit(async (input) => {
    const { token } = await authApi.changePassword({
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });
    // Every other session has ended; this one carries on with the new token, for the same account, so the
    // settings stay mounted (and this confirmation with them) instead of reloading the account.
    currentUser.carryOver(token, (user) => user);
    useSession.getState().setToken(token);
    form.reset();
    setDone(true);
  }, 'Failed to change password');
  // The button was disabled while the change ran, which took focus from it: focus goes to the
  // confirmation, which is read out, as a failed change puts it on the problem.
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) confirmation.current?.focus();
  }, [done]);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    setDone(false);
    return validateAndSubmit(event);
  };

  return (
    <section className="card stack settings-section" aria-labelledby="change-password-title">
      <h3 id="change-password-title">Change Password</h3>
      {!hasPassword && (
        <p className="muted">Your account has no password yet. Link an email below to set one.</p>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
          disabled={!hasPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
          hint="At least 8 characters. Mixing letters, numbers and symbols makes it stronger."
          disabled={!hasPassword}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
          disabled={!hasPassword}
        />
        <FormError message={form.errors.form} />
        {done && (
          <p className="success-text" role="status" tabIndex={-1} ref={confirmation}>
            Password changed successfully!
          </p>
        )}
        <div className="row">
          <button type="submit" className="btn primary" disabled={form.busy || !hasPassword}>
            {form.busy ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
