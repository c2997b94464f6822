import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OfferMessage, OfferThread } from '../../../src-common/schemas/offer-message';
import { threadActions, useThreads } from './threads-store';

/** The answers of GET /api/offers/7/messages, through the API client's own fetch. */
const get = vi.fn<() => Promise<OfferThread>>();
const json = async () => new Response(JSON.stringify(await get()), { status: 200 });

const message = (id: number): OfferMessage => ({
  id,
  offerId: 7,
  author: { id: 2, username: 'user2' },
  body: `message ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const thread = (messages: OfferMessage[]): OfferThread => ({
  offerId: 7,
  messages,
  open: true,
  closedReason: null,
  lastReadId: 0,
});

describe("a thread's first load", () => {
  beforeEach(() => vi.stubGlobal('fetch', json));
  afterEach(() => {
    vi.unstubAllGlobals();
    threadActions.clear();
    get.mockReset();
  });

  it('keeps a live message that arrived while it was in flight, which the answer was read too early for', async () => {
    let answer!: (value: OfferThread) => void;
    get.mockReturnValue(new Promise<OfferThread>((resolve) => (answer = resolve)));
    const loading = threadActions.load(7);
    threadActions.received(message(2), 1);
    expect(useThreads.getState().threads[7]).toBeUndefined();
    answer(thread([message(1)]));
    await loading;
    expect(useThreads.getState().threads[7].messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('keeps nothing for threads it is not loading', async () => {
    threadActions.received(message(3), 1);
    get.mockResolvedValue(thread([message(1)]));
    await threadActions.load(7);
    expect(useThreads.getState().threads[7].messages.map((m) => m.id)).toEqual([1]);
  });
});
