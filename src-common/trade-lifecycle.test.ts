import { describe, expect, it } from 'vitest';
import type { TradeRole } from './schemas/trade';
import {
  acceptedTradeState,
  AUTO_COMPLETE_MS,
  autoCompleteAt,
  availableActions,
  DAY_MS,
  DISPUTE_WINDOW_CLOSED,
  feedbackCounts,
  feedbackOpen,
  reminderAt,
  transition,
  type TradeAction,
  type TradeState,
} from './trade-lifecycle';

const accepted = new Date('2025-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(accepted.getTime() + ms);
const t1 = later(60_000);
const t2 = later(120_000);

const open = (over: Partial<TradeState> = {}): TradeState => ({ ...acceptedTradeState(accepted), ...over });
const completed = (at = t1): TradeState =>
  open({ status: 'completed', confirmedBy: { buyer: at, seller: at }, completedAt: at, activityAt: at });
const disputed = open({ status: 'disputed', dispute: { by: 'buyer', reason: 'No items', at: t1 } });
const cancelled = open({
  status: 'cancelled',
  cancelRequestedBy: { buyer: t1, seller: t1 },
  cancelledAt: t1,
});

const CONFIRM: TradeAction = { kind: 'confirm' };
const CANCEL: TradeAction = { kind: 'cancel' };
const DISPUTE: TradeAction = { kind: 'dispute', reason: 'No items' };
const AUTO: TradeAction = { kind: 'auto-complete' };

describe('confirm', () => {
  it.each<TradeRole>(['buyer', 'seller'])('a first confirmation by the %s keeps the trade open', (role) => {
    const result = transition(open(), CONFIRM, role, t1);
    expect(result).toEqual({
      ok: true,
      change: 'confirmed',
      state: open({ confirmedBy: { buyer: null, seller: null, [role]: t1 }, activityAt: t1 }),
    });
  });

  it('the second party confirming completes it', () => {
    const result = transition(open({ confirmedBy: { buyer: t1, seller: null } }), CONFIRM, 'seller', t2);
    expect(result).toEqual({
      ok: true,
      change: 'completed',
      state: open({
        status: 'completed',
        confirmedBy: { buyer: t1, seller: t2 },
        completedAt: t2,
        activityAt: t2,
      }),
    });
  });

  it('a repeat changes nothing, also once completed', () => {
    const once = open({ confirmedBy: { buyer: t1, seller: null } });
    expect(transition(once, CONFIRM, 'buyer', t2)).toEqual({ ok: true, change: null, state: once });
    expect(transition(completed(), CONFIRM, 'seller', t2)).toEqual({
      ok: true,
      change: null,
      state: completed(),
    });
  });

  it('after a first cancel request, still possible', () => {
    const asked = open({ cancelRequestedBy: { buyer: t1, seller: null } });
    expect(transition(asked, CONFIRM, 'buyer', t2)).toMatchObject({ ok: true, change: 'confirmed' });
  });

  it('is refused on a disputed or cancelled trade', () => {
    expect(transition(disputed, CONFIRM, 'seller', t2)).toEqual({
      ok: false,
      message: 'This trade is disputed: the admins will look into it.',
    });
    expect(transition(cancelled, CONFIRM, 'seller', t2)).toEqual({
      ok: false,
      message: 'This trade was cancelled.',
    });
  });
});

describe('cancel', () => {
  it('a first request records it and keeps the trade open', () => {
    expect(transition(open(), CANCEL, 'seller', t1)).toEqual({
      ok: true,
      change: 'cancel-requested',
      state: open({ cancelRequestedBy: { buyer: null, seller: t1 }, activityAt: t1 }),
    });
  });

  it('the second party asking cancels it', () => {
    const result = transition(open({ cancelRequestedBy: { buyer: t1, seller: null } }), CANCEL, 'seller', t2);
    expect(result).toEqual({
      ok: true,
      change: 'cancelled',
      state: open({
        status: 'cancelled',
        cancelRequestedBy: { buyer: t1, seller: t2 },
        cancelledAt: t2,
        activityAt: t2,
      }),
    });
  });

  it('a repeat changes nothing', () => {
    const asked = open({ cancelRequestedBy: { buyer: t1, seller: null } });
    expect(transition(asked, CANCEL, 'buyer', t2)).toEqual({ ok: true, change: null, state: asked });
  });

  it('after a confirmation, still possible', () => {
    const confirmed = open({ confirmedBy: { buyer: t1, seller: null } });
    expect(transition(confirmed, CANCEL, 'buyer', t2)).toMatchObject({
      ok: true,
      change: 'cancel-requested',
    });
  });

  it('is refused once completed, disputed or cancelled', () => {
    expect(transition(completed(), CANCEL, 'buyer', t2)).toEqual({
      ok: false,
      message: 'This trade is already completed.',
    });
    expect(transition(disputed, CANCEL, 'buyer', t2)).toMatchObject({ ok: false });
    expect(transition(cancelled, CANCEL, 'buyer', t2)).toMatchObject({ ok: false });
  });
});

describe('dispute', () => {
  it('an open trade, whatever either party did before', () => {
    const busy = open({
      confirmedBy: { buyer: t1, seller: null },
      cancelRequestedBy: { buyer: null, seller: t1 },
    });
    expect(transition(busy, DISPUTE, 'seller', t2)).toEqual({
      ok: true,
      change: 'disputed',
      state: { ...busy, status: 'disputed', dispute: { by: 'seller', reason: 'No items', at: t2 } },
    });
  });

  it('a completed trade up to 7 days after it completed, not after', () => {
    const done = completed(t1);
    expect(transition(done, DISPUTE, 'buyer', new Date(t1.getTime() + 7 * DAY_MS))).toMatchObject({
      ok: true,
      change: 'disputed',
    });
    expect(transition(done, DISPUTE, 'buyer', new Date(t1.getTime() + 7 * DAY_MS + 1))).toEqual({
      ok: false,
      message: DISPUTE_WINDOW_CLOSED,
    });
  });

  it('is refused on a disputed or cancelled trade', () => {
    expect(transition(disputed, DISPUTE, 'seller', t2)).toMatchObject({ ok: false });
    expect(transition(cancelled, DISPUTE, 'seller', t2)).toMatchObject({ ok: false });
  });
});

describe('the 14-day rule', () => {
  it('an open trade completes by itself 14 days after the accept, not a moment before', () => {
    expect(autoCompleteAt(open())).toEqual(later(AUTO_COMPLETE_MS));
    expect(transition(open(), AUTO, 'buyer', later(AUTO_COMPLETE_MS - 1))).toMatchObject({ ok: false });
    const due = later(AUTO_COMPLETE_MS);
    expect(transition(open(), AUTO, 'buyer', due)).toEqual({
      ok: true,
      change: 'completed',
      state: open({ status: 'completed', completedAt: due }),
    });
  });

  it('counts from the last confirmation or cancel request', () => {
    const confirmed = transition(open(), CONFIRM, 'buyer', later(10 * DAY_MS));
    if (!confirmed.ok) throw new Error('refused');
    expect(autoCompleteAt(confirmed.state)).toEqual(later(24 * DAY_MS));
    expect(transition(confirmed.state, AUTO, 'buyer', later(20 * DAY_MS))).toMatchObject({ ok: false });
    expect(transition(confirmed.state, AUTO, 'buyer', later(24 * DAY_MS))).toMatchObject({ ok: true });
  });

  it('the reminder is due 2 days before', () => {
    expect(reminderAt(accepted)).toEqual(later(12 * DAY_MS));
  });

  it('only open trades complete by themselves', () => {
    for (const state of [completed(), disputed, cancelled]) {
      expect(autoCompleteAt(state)).toBeNull();
      expect(transition(state, AUTO, 'buyer', later(30 * DAY_MS))).toMatchObject({ ok: false });
    }
  });
});

describe('availableActions', () => {
  it('open: confirm, cancel and dispute, less what the party did already', () => {
    expect(availableActions(open(), 'buyer', t1)).toEqual(['confirm', 'cancel', 'dispute']);
    const both = open({
      confirmedBy: { buyer: t1, seller: null },
      cancelRequestedBy: { buyer: t1, seller: null },
    });
    expect(availableActions(both, 'buyer', t2)).toEqual(['dispute']);
    expect(availableActions(both, 'seller', t2)).toEqual(['confirm', 'cancel', 'dispute']);
  });

  it('completed: dispute within 7 days; disputed or cancelled: nothing', () => {
    expect(availableActions(completed(t1), 'buyer', t2)).toEqual(['dispute']);
    expect(availableActions(completed(t1), 'buyer', new Date(t1.getTime() + 8 * DAY_MS))).toEqual([]);
    expect(availableActions(disputed, 'buyer', t2)).toEqual([]);
    expect(availableActions(cancelled, 'buyer', t2)).toEqual([]);
  });
});

describe('feedback', () => {
  it('is open once the trade is completed or disputed', () => {
    expect(['open', 'completed', 'disputed', 'cancelled'].map((s) => feedbackOpen(s as never))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('counts when the same rater had no counted feedback on the same trader in the last 7 days', () => {
    expect(feedbackCounts(null, t1)).toBe(true);
    expect(feedbackCounts(t1, new Date(t1.getTime() + 7 * DAY_MS - 1))).toBe(false);
    expect(feedbackCounts(t1, new Date(t1.getTime() + 7 * DAY_MS))).toBe(true);
  });
});
