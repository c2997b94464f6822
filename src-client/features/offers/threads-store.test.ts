import { describe, expect, it } from 'vitest';
import type { OfferMessage, OfferThread } from '../../../src-common/schemas/offer-message';
import {
  addMessage,
  applyThread,
  receiveMessage,
  setUnread,
  unreadFromServer,
  type ThreadsData,
} from './threads-store';

const message = (id: number, authorId = 2, offerId = 7): OfferMessage => ({
  id,
  offerId,
  author: { id: authorId, username: `user${authorId}` },
  body: `message ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const thread = (messages: OfferMessage[], offerId = 7): OfferThread => ({
  offerId,
  messages,
  open: true,
  closedReason: null,
  lastReadId: 0,
});
const empty: ThreadsData = { threads: {}, unread: {}, shown: {} };

describe('addMessage', () => {
  it('adds a message once, in id order', () => {
    const two = addMessage([message(1), message(3)], message(2));
    expect(two.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(addMessage(two, message(2))).toBe(two);
  });
});

describe('receiveMessage', () => {
  it('adds to a held thread and counts one unread when someone else wrote it', () => {
    const held = applyThread(empty, thread([message(1)]));
    const next = receiveMessage(held, message(2, 2), 1);
    expect(next.threads[7].messages.map((m) => m.id)).toEqual([1, 2]);
    expect(next.unread).toEqual({ 7: 1 });
  });

  it("counts nothing for the viewer's own message (another tab of theirs wrote it)", () => {
    expect(receiveMessage(empty, message(2, 1), 1).unread).toEqual({});
  });

  it('counts a message of a thread not held yet (the marker on a collapsed thread)', () => {
    const next = receiveMessage(receiveMessage(empty, message(2), 1), message(3), 1);
    expect(next.unread).toEqual({ 7: 2 });
    expect(next.threads).toEqual({});
  });

  it('ignores a message it holds already (the POST answered first)', () => {
    const held = applyThread(empty, thread([message(1), message(2)]));
    expect(receiveMessage(held, message(2), 1)).toBe(held);
  });
});

describe('applyThread', () => {
  it('keeps a live message the answer was too early for', () => {
    const live = receiveMessage(applyThread(empty, thread([message(1)])), message(2), 1);
    const next = applyThread(live, {
      ...thread([message(1)]),
      open: false,
      closedReason: 'the offer was rejected',
    });
    expect(next.threads[7]).toMatchObject({ open: false, closedReason: 'the offer was rejected' });
    expect(next.threads[7].messages.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('unread counts', () => {
  it('drops a thread with none left', () => {
    expect(setUnread({ ...empty, unread: { 7: 2, 8: 1 } }, 7, 0).unread).toEqual({ 8: 1 });
    expect(setUnread(empty, 7, 3).unread).toEqual({ 7: 3 });
  });

  it("reads the server's answer by offer id", () => {
    expect(unreadFromServer({ '7': 2, '12': 1 })).toEqual({ 7: 2, 12: 1 });
  });
});
