import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { registerFormSchema } from '../../../../src-common/schemas/auth';
import { useAfterDelay } from '../../../lib/use-after-delay';
import { authApi } from '../../../lib/auth-api';
import { rememberedEmail } from '../../../lib/remembered-email';
import { useForm } from '../../../components/form/use-form';
import { DiscordButton } from '../../../components/discord-button';
import { FormError, TextField } from '../../../components/form/text-field';

/** How long "Registration Successful!" shows before the login page. */
export const REGISTER_REDIRECT_MS = 2000;
export const REGISTERED_LOGIN_MESSAGE =
  'Registration successful! Please check your email and verify your address, then sign in.';

/** Sign-up: idle, submitting ("Creating Account..."), then success and a redirect to /login with a message. */
export function RegisterForm() {
  const navigate = useNavigate();
  const form = useForm(registerFormSchema, { username: '', email: '', password: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  useAfterDelay(done, REGISTER_REDIRECT_MS, () =>
    navigate(`/login?message=${encodeURIComponent(REGISTERED_LOGIN_MESSAGE)}`),
  );

  const submit = form.onSubmit(async (input) => {
    await authApi.register({ username: input.username, email: input.email, password: input.password });
    rememberedEmail.set(input.email);
    setDone(true);
  }, 'Registration failed');

  if (done) {
    return (
      <div className="stack status-page" role="status">
        <span className="status-icon success" aria-hidden="true">
          ✓
        </span>
        <h2>Registration Successful!</h2>
        <p>Please check your email to verify your account. Taking you to the login page...</p>
      </div>
    );
  }

  const field = (name: keyof typeof form.values, label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      required
      {...form.field(name)}
    />
  );

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate>
      {field('username', 'Username', 'text', 'username')}
      {field('email', 'Email', 'email', 'email')}
      {field('password', 'Password', 'password', 'new-password')}
      {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
      <FormError message={form.errors.form} />
      <button type="submit" className="btn primary" disabled={form.busy}>
        {form.busy ? 'Creating Account...' : 'Create Account'}
      </button>
      <p className="muted">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
      <div className="auth-divider">or</div>
      <DiscordButton label="Sign up with Discord" />
    </form>
  );
}
