import type { Notification } from '../../../src-common/schemas/notification';
import { useSession } from '../../lib/session';
import { onResync, onServerEvent, startSocket } from '../../lib/socket';
import { showSystemNotification } from './browser-notifications';
import { notificationActions } from './notifications-store';

let navigate: (path: string) => void = (path) => window.location.assign(path);
let started = false;

/** What choosing a notification does, in the panel or as a system notification: read it, go to its page. */
export function openNotification(item: Notification): void {
  if (!item.read) void notificationActions.read([item.id]);
  navigate(item.link);
}

/**
 * Feeds the bell: the newest page when a user is logged in (again after a login, a logout, or a
 * reconnect that lost events), and each live `notification` event. `go` is the router's navigate.
 */
export function startNotificationSync(go: (path: string) => void): void {
  navigate = go;
  if (started) return;
  started = true;
  const loadIfLoggedIn = () => {
    notificationActions.reset();
    if (useSession.getState().token) void notificationActions.load();
  };
  onServerEvent('notification', (item) => {
    notificationActions.receive(item);
    showSystemNotification(item, openNotification);
  });
  onResync(loadIfLoggedIn);
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) loadIfLoggedIn();
  });
  loadIfLoggedIn();
  startSocket();
}
