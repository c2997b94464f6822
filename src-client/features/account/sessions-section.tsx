import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notice, toast } from '../../components/notice/notice-store';
import { errorMessage, SessionEndedError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { authApi } from '../../lib/auth-api';

/**
 * "Log out of all devices": the server ends every session of the account (POST /api/auth/logout), then
 * this device forgets its token like the sidebar's Logout. Elsewhere, the next request gets a 401 that
 * says the session ended and drops its token; open pages carry on as a visitor's.
 */
export function SessionsSection() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const logoutEverywhere = async () => {
    const confirmed = await notice.confirm(
      'Log out of all devices? Every browser and app signed in to your account, this one included, will need to log in again.',
      'Log Out Everywhere',
      { confirm: 'Log out everywhere', cancel: 'Stay logged in', destructive: true },
    );
    if (!confirmed) return;
    setBusy(true);
    setError(null);
    try {
      await authApi.logoutEverywhere();
    } catch (err) {
      // A 401 means this session had already ended: the outcome the user asked for.
      if (!(err instanceof SessionEndedError)) {
        setBusy(false);
        setError(errorMessage(err, 'Failed to log out of all devices'));
        return;
      }
    }
    useSession.getState().clear();
    navigate('/alllistings');
    toast('You have been logged out of all devices.', 'success');
  };

  return (
    <section className="card stack settings-section" aria-labelledby="sessions-title">
      <h3 id="sessions-title">Sessions</h3>
      <p className="muted">
        Logged in on a shared or lost device? End every session of your account, including this one.
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="button" className="btn" disabled={busy} onClick={() => void logoutEverywhere()}>
          {busy ? 'Logging out...' : 'Log out of all devices'}
        </button>
      </div>
    </section>
  );
}
