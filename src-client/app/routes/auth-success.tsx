import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import '../../features/auth/auth.css';

/** The spec's pauses before leaving the token landing page. */
const WITH_TOKEN_MS = 500;
const WITHOUT_TOKEN_MS = 1000;

/**
 * Where Discord login lands: stores ?token as the session, then loads / afresh so the whole app (sidebar,
 * live connection) starts as the logged-in user.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');

  useEffect(() => {
    if (token) useSession.getState().setToken(token);
    const timer = setTimeout(() => window.location.replace('/'), token ? WITH_TOKEN_MS : WITHOUT_TOKEN_MS);
    return () => clearTimeout(timer);
  }, [token]);

  return (
    <section className="auth-page stack status-page" role="status">
      <span className="spinner" aria-hidden="true" />
      <h1 className="page-title">Logging in...</h1>
    </section>
  );
}
