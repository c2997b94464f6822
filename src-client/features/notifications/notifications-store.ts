import { create } from 'zustand';
import { NOTIFICATIONS_PAGE_DEFAULT, type Notification } from '../../../src-common/schemas/notification';
import { errorMessage } from '../../lib/api-client';
import { fetchNotifications, postRead } from './notifications-api';
import {
  emptyNotifications,
  markRead,
  mergePage,
  receive,
  type NotificationsData,
} from './notifications-state';

interface NotificationsStore extends NotificationsData {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
}

export const useNotifications = create<NotificationsStore>(() => ({
  ...emptyNotifications,
  status: 'idle',
  error: null,
}));

const { getState, setState } = useNotifications;
const LOAD_FAILED = 'Could not load your notifications.';

/** Every change to the bell's data; REST pages and live events go through the same pure functions. */
export const notificationActions = {
  /** The newest page (on login, when the bell starts, after a reconnect that lost events). */
  async load(): Promise<void> {
    setState({ status: 'loading', error: null });
    try {
      const page = await fetchNotifications();
      setState((s) => ({
        ...mergePage(s, { ...page, first: true, pageSize: NOTIFICATIONS_PAGE_DEFAULT }),
        status: 'ready',
      }));
    } catch (err) {
      setState({ status: 'error', error: errorMessage(err, LOAD_FAILED) });
    }
  },
  async loadOlder(): Promise<void> {
    const { order } = getState();
    try {
      const page = await fetchNotifications(order[order.length - 1]);
      setState((s) => mergePage(s, { ...page, first: false, pageSize: NOTIFICATIONS_PAGE_DEFAULT }));
    } catch (err) {
      setState({ error: errorMessage(err, LOAD_FAILED) });
    }
  },
  receive: (item: Notification) => setState((s) => receive(s, item)),
  /** Marks read at once and tells the server; its answer has the true count. */
  async read(ids: number[] | null): Promise<void> {
    setState((s) => markRead(s, ids));
    try {
      const { unread } = await postRead(ids ? { ids } : { all: true });
      setState({ unread });
    } catch {
      // Not saved: the next load shows what the server holds.
      void notificationActions.load();
    }
  },
  reset: () => setState({ ...emptyNotifications, status: 'idle', error: null }),
};
