import { notice, toast } from '../../components/notice/notice-store';
import { ApiError, errorMessage } from '../../lib/api-client';
import { refreshSummaries } from '../../lib/reputation-summary-store';
import type { FeedbackInput, Trade, TradeRole } from '../../../src-common/schemas/trade';
import { other as otherRole } from '../../../src-common/trade-lifecycle';
import { tradesApi } from './trades-api';
import { tradeStore } from './trades-store';

const isTrade = (value: unknown): value is Trade =>
  typeof value === 'object' && value !== null && 'id' in value && 'version' in value && 'status' in value;

/**
 * Sends one change to a trade and puts the answer into the store; resolves null when it happened, else
 * the message to show. A 409 means the trade moved on meanwhile (the other party acted first), so it is
 * read again to show where it stands now.
 */
async function change(trade: Trade, run: () => Promise<unknown>, failed: string): Promise<string | null> {
  try {
    const answer = await run();
    if (isTrade(answer)) tradeStore.upsert(answer);
    else await tradeStore.loadOne(trade.id);
    return null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 409)
      void tradeStore.loadOne(trade.id).catch(() => undefined);
    return errorMessage(err, failed);
  }
}

/** A button's change: the result in a toast (read out by the live region), a failure in a dialog. */
async function fromButton(trade: Trade, run: () => Promise<unknown>, done: string, failed: string) {
  const error = await change(trade, run, failed);
  if (error === null) toast(done, 'success');
  else await notice.error(error, "Couldn't update the trade");
  return error === null;
}

export const confirmReceived = (trade: Trade, role: TradeRole) =>
  fromButton(
    trade,
    () => tradesApi.confirm(trade.id),
    trade.confirmedBy[otherRole(role)]
      ? `Trade completed: ${trade.item}`
      : `You confirmed the ${trade.item} trade`,
    'Failed to confirm the trade',
  );

/** Asks the other party to call the trade off, or agrees when they asked; confirmed first in a dialog. */
export async function cancelTrade(trade: Trade, role: TradeRole): Promise<boolean> {
  const other = otherRole(role);
  const agreeing = trade.cancelRequestedBy[other] !== null;
  const question = agreeing
    ? `The ${other} asked to cancel this trade of ${trade.item}. Agree? It is then cancelled for both of you and the quantity goes back to the listing. This can't be undone.`
    : `Ask the ${other} to cancel this trade of ${trade.item}? It is cancelled once they agree too. This can't be undone.`;
  const choice = {
    confirm: agreeing ? 'Agree to cancel' : 'Ask to cancel',
    cancel: 'Keep trade',
    destructive: true,
  };
  if (!(await notice.confirm(question, 'Cancel trade', choice))) return false;
  return fromButton(
    trade,
    () => tradesApi.cancel(trade.id),
    agreeing ? `Trade cancelled: ${trade.item}` : `You asked the ${other} to cancel the ${trade.item} trade`,
    'Failed to cancel the trade',
  );
}

/** The dispute dialog's change: null when done (told in a toast), else the message for the dialog. */
export async function disputeTrade(trade: Trade, reason: string): Promise<string | null> {
  const error = await change(trade, () => tradesApi.dispute(trade.id, reason), 'Failed to dispute the trade');
  if (error === null) toast(`Trade disputed: ${trade.item}. An admin will look into it.`, 'success');
  return error;
}

/** The feedback dialog's change, as disputeTrade; the two traders' records change with it. */
export async function leaveFeedback(trade: Trade, input: FeedbackInput): Promise<string | null> {
  const error = await change(trade, () => tradesApi.feedback(trade.id, input), 'Failed to send feedback');
  if (error !== null) return error;
  toast('Feedback sent. Thank you!', 'success');
  refreshSummaries([trade.buyer.id, trade.seller.id]);
  return null;
}
