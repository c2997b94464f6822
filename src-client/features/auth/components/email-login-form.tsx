import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCode } from '../../../../src-common/errors';
import { loginSchema } from '../../../../src-common/schemas/auth';
import { SuspendedNotice } from '../../../components/suspension/suspended-notice';
import { suspensionOf, type SuspensionInfo } from '../../../components/suspension/suspension-text';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { authApi } from '../../../lib/auth-api';
import { ARRIVAL_FOCUS_ATTRIBUTE } from '../../../lib/arrival-focus';
import { rememberedEmail } from '../../../lib/remembered-email';
import { useForm } from '../../../components/form/use-form';
import { FormError, TextField } from '../../../components/form/text-field';

interface EmailLoginFormProps {
  /** Called after the token is stored. */
  onLoggedIn(): void;
  onForgot(): void;
  onUnverified(email: string): void;
  /** Following the sign-up link (the popup closes itself). */
  onSignUp?(): void;
}

/**
 * Email + password sign-in, shared by the login popup's Email tab and the /login page. It starts with the
 * address this browser last used (lib/remembered-email.ts); then the password is what is left, so a page
 * that opens on it focuses that field on arrival.
 */
export function EmailLoginForm({ onLoggedIn, onForgot, onUnverified, onSignUp }: EmailLoginFormProps) {
  const [remembered] = useState(rememberedEmail.get);
  const form = useForm(loginSchema, { email: remembered, password: '' });
  const [suspension, setSuspension] = useState<SuspensionInfo | null>(null);
  const submit = form.onSubmit(async (input) => {
    setSuspension(null);
    try {
      const { token } = await authApi.login(input);
      rememberedEmail.set(input.email);
      useSession.getState().setToken(token);
      onLoggedIn();
    } catch (err) {
      const suspended = suspensionOf(err);
      if (suspended) return setSuspension(suspended);
      if (!(err instanceof ApiError && err.code === ErrorCode.EMAIL_NOT_VERIFIED)) throw err;
      const email = (err.body as { email?: unknown } | undefined)?.email;
      onUnverified(typeof email === 'string' ? email : input.email);
    }
  }, 'Login failed');

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        {...form.field('email')}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        {...(remembered ? { [ARRIVAL_FOCUS_ATTRIBUTE]: '' } : {})}
        {...form.field('password')}
      />
      {suspension && <SuspendedNotice suspension={suspension} />}
      <FormError message={form.errors.form} />
      <button type="submit" className="btn primary" disabled={form.busy}>
        {form.busy ? 'Signing In...' : 'Sign In'}
      </button>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot your password?
        </button>
        <span>
          Don&apos;t have an account?{' '}
          <Link to="/register" onClick={onSignUp}>
            Sign up
          </Link>
        </span>
      </div>
    </form>
  );
}
