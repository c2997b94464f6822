import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../src-common/schemas/notification';
import { emptyNotifications, markRead, mergePage, receive } from './notifications-state';

const note = (id: number, read = false): Notification => ({
  id,
  kind: 'offer_received',
  listingId: 1,
  offerId: id,
  searchId: null,
  agreement: null,
  message: `n${id}`,
  link: '/listing/1',
  read,
  at: '2026-11-23T20:00:00.000Z',
});

describe('notifications state', () => {
  it('a first page replaces what was held; a later page adds older ones, newest first', () => {
    const held = receive(emptyNotifications, note(99));
    const first = mergePage(held, { items: [note(5), note(4)], unread: 7, first: true, pageSize: 2 });
    expect(first.order).toEqual([5, 4]);
    expect(first.unread).toBe(7);
    expect(first.hasMore).toBe(true);
    const next = mergePage(first, { items: [note(3)], unread: 7, first: false, pageSize: 2 });
    expect(next.order).toEqual([5, 4, 3]);
    expect(next.hasMore).toBe(false);
  });

  it('a live one goes on top and counts once, even if it arrives twice', () => {
    const data = mergePage(emptyNotifications, { items: [note(2)], unread: 1, first: true, pageSize: 20 });
    const once = receive(data, note(3));
    expect(once.order).toEqual([3, 2]);
    expect(once.unread).toBe(2);
    expect(receive(once, note(3))).toBe(once);
  });

  it('marking read lowers the count only for unread ones; all sets it to 0', () => {
    const data = mergePage(emptyNotifications, {
      items: [note(3), note(2, true), note(1)],
      unread: 5,
      first: true,
      pageSize: 20,
    });
    const some = markRead(data, [3, 2]);
    expect(some.unread).toBe(4);
    expect(some.byId[3].read).toBe(true);
    const all = markRead(data, null);
    expect(all.unread).toBe(0);
    expect(all.order.every((id) => all.byId[id].read)).toBe(true);
  });
});
