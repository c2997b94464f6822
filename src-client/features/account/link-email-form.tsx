import { useState } from 'react';
import { changeEmailFormSchema, linkEmailFormSchema } from '../../../src-common/schemas/auth';
import { authApi } from '../../lib/auth-api';
import { FormError, TextField } from '../../components/form/text-field';
import { currentUser } from '../../lib/current-user';
import { useAfterDelay } from '../../lib/use-after-delay';
import { useForm } from '../../components/form/use-form';

/** How long "Email linked successfully!" shows before the form closes. */
export const LINK_EMAIL_CLOSE_MS = 6000;

interface FormProps {
  onClose(): void;
}

/**
 * The email form of Account Linking. An account without a password (Discord only) links its first
 * address and sets its first password (email, password, confirm); an account with one gives
 * the new address and its current password, and keeps its login address until the new one is verified.
 */
export function LinkEmailForm({ hasPassword, onClose }: FormProps & { hasPassword: boolean }) {
  return hasPassword ? <ChangeEmailFields onClose={onClose} /> : <FirstEmailFields onClose={onClose} />;
}

/** The server's answer, shown until the form closes 6 s later and the account is fetched again. */
function useSentMessage(onClose: () => void) {
  const [sent, setSent] = useState<string | null>(null);
  useAfterDelay(sent !== null, LINK_EMAIL_CLOSE_MS, () => {
    onClose();
    void currentUser.load(true);
  });
  return [sent, setSent] as const;
}

function SentMessage({ title, message }: { title: string; message: string }) {
  return (
    <div className="stack" role="status">
      <p className="success-text">{title}</p>
      <p className="muted">{message}</p>
    </div>
  );
}

function FormButtons({ busy, label, onClose }: FormProps & { busy: boolean; label: [string, string] }) {
  return (
    <div className="row">
      <button type="submit" className="btn primary small" disabled={busy}>
        {busy ? label[1] : label[0]}
      </button>
      <button type="button" className="btn small" onClick={onClose} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}

function FirstEmailFields({ onClose }: FormProps) {
  const form = useForm(linkEmailFormSchema, { email: '', password: '', confirmPassword: '' });
  const [linked, setLinked] = useSentMessage(onClose);

  const submit = form.onSubmit(async (input) => {
    setLinked((await authApi.linkEmail({ email: input.email, password: input.password })).message);
  }, 'Failed to link email');

  if (linked) {
    return (
      <SentMessage
        title="Email linked successfully!"
        message={linked.replace(/^Email linked successfully!\s*/, '')}
      />
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Link email">
      <TextField label="Email to link" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password for email login"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <FormError message={form.errors.form} />
      <FormButtons busy={form.busy} label={['Link Email', 'Linking...']} onClose={onClose} />
    </form>
  );
}

function ChangeEmailFields({ onClose }: FormProps) {
  const form = useForm(changeEmailFormSchema, { email: '', currentPassword: '' });
  const [sent, setSent] = useSentMessage(onClose);

  const submit = form.onSubmit(async (input) => {
    setSent((await authApi.linkEmail(input)).message);
    // The login address stays the same, so Linked Email can show the pending one at once.
    void currentUser.load(true);
  }, 'Failed to change email');

  if (sent) return <SentMessage title="Check your new inbox" message={sent} />;

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Change email">
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        {...form.field('email')}
        hint="We send a link to the new address; your login email changes once you open it."
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <FormError message={form.errors.form} />
      <FormButtons busy={form.busy} label={['Change Email', 'Sending...']} onClose={onClose} />
    </form>
  );
}
