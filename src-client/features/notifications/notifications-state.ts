import type { Notification } from '../../../src-common/schemas/notification';

/** The bell's data: notifications by id, their ids newest first, and the unread count. */
export interface NotificationsData {
  byId: Record<number, Notification>;
  /** Ids, newest (greatest) first. */
  order: number[];
  unread: number;
  /** Whether older pages remain on the server. */
  hasMore: boolean;
}

export const emptyNotifications: NotificationsData = { byId: {}, order: [], unread: 0, hasMore: false };

const withItems = (data: NotificationsData, items: Notification[]) => {
  const byId = { ...data.byId };
  for (const item of items) byId[item.id] = item;
  const order = Object.keys(byId)
    .map(Number)
    .sort((a, b) => b - a);
  return { byId, order };
};

/**
 * A page from GET /api/notifications. The first page replaces what was held (after a login or a lost
 * reconnect the server's list is the truth); later pages add older ones. The count is the server's.
 */
export function mergePage(
  data: NotificationsData,
  page: { items: Notification[]; unread: number; first: boolean; pageSize: number },
): NotificationsData {
  const base = page.first ? emptyNotifications : data;
  return {
    ...withItems(base, page.items),
    unread: page.unread,
    hasMore: page.items.length === page.pageSize,
  };
}

/** A live `notification` event: a new one counts as unread; one already held (a duplicate) changes nothing. */
export function receive(data: NotificationsData, item: Notification): NotificationsData {
  if (data.byId[item.id]) return data;
  return { ...data, ...withItems(data, [item]), unread: data.unread + (item.read ? 0 : 1) };
}

/** Marks some (or, with `ids` null, all) as read at once, before the server confirms. */
export function markRead(data: NotificationsData, ids: number[] | null): NotificationsData {
  const byId = { ...data.byId };
  let changed = 0;
  for (const id of ids ?? data.order) {
    const item = byId[id];
    if (!item || item.read) continue;
    byId[id] = { ...item, read: true };
    changed += 1;
  }
  return { ...data, byId, unread: ids ? Math.max(0, data.unread - changed) : 0 };
}
