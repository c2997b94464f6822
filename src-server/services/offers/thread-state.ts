/**
 * Whether an offer's thread still takes messages: while the offer is pending, and after its accept while
 * the trade is open (a trade stored before trades had a status counts as open). A rejected or cancelled
 * offer, a trade that completed, is disputed or was cancelled, and an offer that no longer exists (its
 * listing was deleted) leave the thread to be read only.
 */
export type ThreadOfferState =
  | { offer: 'pending' | 'rejected' | 'cancelled' | 'gone' }
  | { offer: 'accepted'; trade: string | null | undefined };

export type ThreadOpenness = { open: true; closedReason: null } | { open: false; closedReason: string };

const OPEN: ThreadOpenness = { open: true, closedReason: null };
const closed = (closedReason: string): ThreadOpenness => ({ open: false, closedReason });

const TRADE_CLOSED: Record<string, string> = {
  completed: 'the trade is completed',
  disputed: 'the trade is disputed',
  cancelled: 'the trade was cancelled',
};

export function threadOpenness(state: ThreadOfferState): ThreadOpenness {
  switch (state.offer) {
    case 'pending':
      return OPEN;
    case 'rejected':
      return closed('the offer was rejected');
    case 'cancelled':
      return closed('the offer was cancelled');
    case 'gone':
      return closed('the offer no longer exists');
    case 'accepted':
      if (!state.trade || state.trade === 'open') return OPEN;
      return closed(TRADE_CLOSED[state.trade] ?? `the trade is ${state.trade}`);
  }
}

/** The 409 a message to a closed thread answers. */
export const closedThreadMessage = (closedReason: string) => `This conversation is closed: ${closedReason}.`;
