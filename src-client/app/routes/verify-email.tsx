import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { VerifyError, VerifyStatus } from '../../../src-common/schemas/auth';
import { useSession } from '../../lib/session';
import '../../features/auth/auth.css';

type Kind = 'success' | 'info' | 'error';

const BY_STATUS: Record<VerifyStatus, { kind: Kind; message: string }> = {
  success: {
    kind: 'success',
    message: 'Email verified successfully! You can now log in with your email and password.',
  },
  already_verified: { kind: 'info', message: 'This email address has already been verified.' },
};

const BY_ERROR: Record<VerifyError, string> = {
  missing_token: 'Verification link is missing required information.',
  invalid_token: 'Invalid or expired verification link. Please request a new verification email.',
  server_error: 'Server error occurred during verification. Please try again later.',
};

const ICONS: Record<Kind, string> = { success: '✓', info: 'i', error: '!' };

function outcome(params: URLSearchParams): { kind: Kind; message: string } {
  const status = params.get('status');
  if (status && status in BY_STATUS) return BY_STATUS[status as VerifyStatus];
  const error = params.get('error');
  if (error && error in BY_ERROR) return { kind: 'error', message: BY_ERROR[error as VerifyError] };
  return { kind: 'error', message: 'Invalid verification link.' };
}

/**
 * Where a verification link ends up (the server redirects here with ?status or ?error). A verified
 * address ends every session of its account, so on success this browser's session goes too, and
 * "Continue to Login" starts a fresh one.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { kind, message } = outcome(params);
  useEffect(() => {
    if (kind === 'success') useSession.getState().clear();
  }, [kind]);

  return (
    <section className="card auth-page stack status-page" aria-labelledby="verify-title">
      <span className={`status-icon ${kind}`} aria-hidden="true">
        {ICONS[kind]}
      </span>
      <h1 id="verify-title" className="page-title">
        Email Verification
      </h1>
      <p role={kind === 'error' ? 'alert' : 'status'}>{message}</p>
      {kind === 'success' ? (
        <button type="button" className="btn primary" onClick={() => navigate('/login')}>
          Continue to Login
        </button>
      ) : (
        <button type="button" className="btn" onClick={() => navigate('/')}>
          Back to Home
        </button>
      )}
    </section>
  );
}
