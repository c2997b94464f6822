import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { suspensionOf } from '../../components/suspension/suspension-text';
import { authApi } from '../../lib/auth-api';
import { useSession } from '../../lib/session';
import '../../features/auth/auth.css';

/** How long the token landing page shows "Logging in..." before it moves on. */
const WITH_TOKEN_MS = 500;
const WITHOUT_TOKEN_MS = 1000;

/** One exchange per ticket, even when an effect runs twice (React's development mode): it works once. */
const exchanges = new Map<string, Promise<string>>();
const exchange = (ticket: string) => {
  let pending = exchanges.get(ticket);
  if (!pending) {
    pending = authApi.exchangeLoginTicket(ticket).then(({ token }) => token);
    exchanges.set(ticket, pending);
  }
  return pending;
};

/**
 * Where Discord login lands. The URL carries a 60 s single-use ticket, never the session token: the page
 * trades it for the session (POST /api/auth/ticket), stores the token, then loads / afresh so the whole
 * app (sidebar, live connection) starts as the logged-in user. No ticket, or one that no longer works,
 * goes home after the longer pause, logged out.
 */
export function Component() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const leave = (ms: number) => {
      if (!cancelled) timer = setTimeout(() => window.location.replace('/'), ms);
    };
    // The ticket is spent either way: keep it out of the history entry.
    if (ticket) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!ticket) leave(WITHOUT_TOKEN_MS);
    else {
      exchange(ticket).then(
        (token) => {
          if (cancelled) return;
          useSession.getState().setToken(token);
          leave(WITH_TOKEN_MS);
        },
        (err: unknown) => {
          const suspended = suspensionOf(err);
          if (!suspended || cancelled) return leave(WITHOUT_TOKEN_MS);
          // Suspended since Discord let them in: the listings page says so, as a refused callback does.
          const query = new URLSearchParams({
            authError: 'This account is suspended',
            suspendedReason: suspended.reason,
            suspendedUntil: suspended.until ?? '',
          });
          window.location.replace(`/alllistings?${query}`);
        },
      );
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [ticket]);

  return (
    <section className="auth-page stack status-page" role="status">
      <span className="spinner" aria-hidden="true" />
      <h1 className="page-title">Logging in...</h1>
    </section>
  );
}
