import { useCallback } from 'react';
import { EmailLoginForm } from './email-login-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { UnverifiedPanel } from './unverified-panel';

/** Where the email sign-in flow is: the form, forgot-password, or the unverified panel. */
export type SignInMode = { kind: 'login' } | { kind: 'forgot' } | { kind: 'unverified'; email: string };

export const SIGN_IN_TITLES: Record<SignInMode['kind'], string> = {
  login: 'Login',
  forgot: 'Reset Password',
  unverified: 'Email not verified',
};

interface EmailSignInProps {
  mode: SignInMode;
  onMode(mode: SignInMode): void;
  onLoggedIn(): void;
  onSignUp?(): void;
}

/** The whole email flow, controlled, so the popup and the /login page can title it themselves. */
export function EmailSignIn({ mode, onMode, onLoggedIn, onSignUp }: EmailSignInProps) {
  // Stable, because the forgot-password form's return timer restarts whenever its callback changes.
  const backToLogin = useCallback(() => onMode({ kind: 'login' }), [onMode]);
  if (mode.kind === 'forgot') return <ForgotPasswordForm onBack={backToLogin} />;
  if (mode.kind === 'unverified') return <UnverifiedPanel email={mode.email} onBack={backToLogin} />;
  return (
    <EmailLoginForm
      onLoggedIn={onLoggedIn}
      onForgot={() => onMode({ kind: 'forgot' })}
      onUnverified={(email) => onMode({ kind: 'unverified', email })}
      onSignUp={onSignUp}
    />
  );
}
