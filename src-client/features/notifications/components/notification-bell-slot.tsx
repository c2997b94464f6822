import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';

const NotificationBell = lazy(() => import('./notification-bell'));

/**
 * Where the top bar shows the bell: only for a logged-in user, and loaded after the first paint (the
 * bell, its store and its live handlers are a chunk of their own).
 */
export function NotificationBellSlot() {
  const loggedIn = useSession((s) => s.token !== null);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
