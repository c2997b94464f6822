import { create } from 'zustand';
import type { Notification } from '../../../src-common/schemas/notification';

/** The opt-in is kept per browser; the permission itself is the browser's. */
const OPT_IN_KEY = 'bsm.systemNotifications';

export type SystemPermission = NotificationPermission | 'unsupported';

const permission = (): SystemPermission =>
  typeof window === 'undefined' || !('Notification' in window)
    ? 'unsupported'
    : window.Notification.permission;

const optedIn = () => typeof localStorage !== 'undefined' && localStorage.getItem(OPT_IN_KEY) === 'on';

/** Whether new notifications also show as system notifications while the tab is hidden. */
export const useSystemNotifications = create<{ permission: SystemPermission; on: boolean }>(() => ({
  permission: permission(),
  on: optedIn() && permission() === 'granted',
}));

/** The bell panel's opt-in: asks the browser (it must follow a click), and remembers a yes. */
export async function turnOnSystemNotifications(): Promise<void> {
  if (permission() === 'unsupported') return;
  const answer = await window.Notification.requestPermission();
  if (answer === 'granted') localStorage.setItem(OPT_IN_KEY, 'on');
  useSystemNotifications.setState({ permission: answer, on: answer === 'granted' });
}

export function turnOffSystemNotifications(): void {
  localStorage.removeItem(OPT_IN_KEY);
  useSystemNotifications.setState({ on: false });
}

/**
 * Shows a notification that arrived while the tab is hidden through the Notification API; clicking it
 * brings the tab forward and calls `open` (the same as choosing it in the bell panel).
 */
export function showSystemNotification(item: Notification, open: (item: Notification) => void): void {
  if (!useSystemNotifications.getState().on || permission() !== 'granted' || !document.hidden) return;
  const shown = new window.Notification('Brighter Shores Market', {
    body: item.message,
    tag: `bsm-notification-${item.id}`,
    icon: '/favicon.svg',
  });
  shown.onclick = () => {
    window.focus();
    open(item);
    shown.close();
  };
}
