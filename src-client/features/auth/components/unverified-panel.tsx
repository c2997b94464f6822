import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { authApi } from '../../../lib/auth-api';
import { FormError } from '../../../components/form/text-field';

/** Shown after EMAIL_NOT_VERIFIED: resend the link (then "verification email sent"), or go back. */
export function UnverifiedPanel({ email, onBack }: { email: string; onBack(): void }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string>();

  const resend = async () => {
    setState('sending');
    setError(undefined);
    try {
      await authApi.resendVerification(email);
      setState('sent');
    } catch (err) {
      setState('idle');
      setError(errorMessage(err, 'Failed to resend verification email'));
    }
  };

  return (
    <div className="stack auth-form">
      <p className="notice-line warning">Please verify your email address before logging in.</p>
      <p className="muted">
        We sent a verification link to <strong>{email}</strong>. Open it, then sign in again.
      </p>
      {state === 'sent' ? (
        <p className="success-text" role="status">
          Verification email sent! Check your inbox.
        </p>
      ) : (
        <button type="button" className="btn primary" onClick={resend} disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending...' : 'Resend verification email'}
        </button>
      )}
      <FormError message={error} />
      <button type="button" className="link-button" onClick={onBack}>
        Back to login
      </button>
    </div>
  );
}
