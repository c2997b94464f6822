import type { Trade, TradeRole, TradeStatus } from '../../../src-common/schemas/trade';
import { availableActions, feedbackOpen, other, type TradeState } from '../../../src-common/trade-lifecycle';

export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  open: 'Open',
  completed: 'Completed',
  disputed: 'Disputed',
  cancelled: 'Cancelled',
};

/** Which side of the trade the viewer is on; null for anyone else (an admin reading it). */
export function roleOf(trade: Trade, userId: number | null | undefined): TradeRole | null {
  if (userId === trade.buyer.id) return 'buyer';
  if (userId === trade.seller.id) return 'seller';
  return null;
}

export interface TradeButtons {
  confirm: boolean;
  /** "ask" to call it off first, "agree" when the other party already asked; null when it does not apply. */
  cancel: 'ask' | 'agree' | null;
  dispute: boolean;
  feedback: boolean;
}

const date = (iso: string | null) => (iso === null ? null : new Date(iso));

/** The API's trade as the shared rules read it. */
function stateOf(trade: Trade): TradeState {
  return {
    status: trade.status,
    confirmedBy: { buyer: date(trade.confirmedBy.buyer), seller: date(trade.confirmedBy.seller) },
    cancelRequestedBy: {
      buyer: date(trade.cancelRequestedBy.buyer),
      seller: date(trade.cancelRequestedBy.seller),
    },
    dispute: trade.dispute && { ...trade.dispute, at: new Date(trade.dispute.at) },
    completedAt: date(trade.completedAt),
    cancelledAt: date(trade.cancelledAt),
    // Only the 14-day rule reads it, which is the server's own.
    activityAt: new Date(trade.acceptedAt),
  };
}

/**
 * The buttons that apply for this viewer at `now`, by the rules the server applies
 * (src-common/trade-lifecycle.ts); feedback is once per side, after the trade completed or was disputed.
 */
export function tradeButtons(trade: Trade, role: TradeRole | null, now: number): TradeButtons {
  if (!role) return { confirm: false, cancel: null, dispute: false, feedback: false };
  const actions = availableActions(stateOf(trade), role, new Date(now));
  const cancel = trade.cancelRequestedBy[other(role)] ? 'agree' : 'ask';
  return {
    confirm: actions.includes('confirm'),
    cancel: actions.includes('cancel') ? cancel : null,
    dispute: actions.includes('dispute'),
    feedback: feedbackOpen(trade.status) && trade.feedback[role] === null,
  };
}

/**
 * Where an open trade's confirmations and cancel requests stand, in the viewer's words:
 * "You confirmed · waiting for the seller", "The buyer asked to cancel".
 */
export function openTradeLines(trade: Trade, role: TradeRole | null): string[] {
  if (trade.status !== 'open') return [];
  const name = (side: TradeRole) => (side === role ? 'You' : `The ${side}`);
  const lines: string[] = [];
  const confirmed = (['buyer', 'seller'] as const).find((side) => trade.confirmedBy[side] !== null);
  if (!confirmed) lines.push('Not confirmed yet by either side');
  else {
    const waiting = other(confirmed) === role ? 'you' : `the ${other(confirmed)}`;
    lines.push(`${name(confirmed)} confirmed · waiting for ${waiting}`);
  }
  for (const side of ['buyer', 'seller'] as const) {
    if (trade.cancelRequestedBy[side] === null) continue;
    lines.push(`${name(side)} asked to cancel${side === role ? ` · waiting for the ${other(side)}` : ''}`);
  }
  return lines;
}

/** A settled trade's line: how it ended, and the viewer's own feedback once given. */
export function settledLine(trade: Trade, role: TradeRole | null): string {
  const given = role && trade.feedback[role];
  const feedback = given ? ` You left ${given.rating} feedback.` : '';
  switch (trade.status) {
    case 'completed':
      return `Completed ${trade.confirmedBy.buyer && trade.confirmedBy.seller ? 'by both sides' : 'after 14 days without a word from either side'}.${feedback}`;
    case 'disputed':
      return `Disputed by ${trade.dispute?.by === role ? 'you' : `the ${trade.dispute?.by ?? 'other side'}`}: an admin will look into it.${feedback}`;
    case 'cancelled':
      return 'Called off by both sides; the quantity went back to the listing.';
    case 'open':
      return '';
  }
}
