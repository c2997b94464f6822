import { tradeLink, type Trade, type TradeRole } from '../../../src-common/schemas/trade';
import type { TradeChange } from '../../../src-common/trade-lifecycle';
import { other } from '../../../src-common/trade-lifecycle';
import { sendNotification, type NotifyDeps } from '../notifications/notify';

const what = (trade: Trade) => `${trade.quantity > 1 ? `${trade.quantity} ` : ''}${trade.item}`;

/** What the party who did not act reads after `actor` (a party's name) made `change`. */
const MESSAGES: Record<TradeChange, (trade: Trade, actor: string) => string> = {
  confirmed: (trade, actor) => `${actor} confirmed your trade of ${what(trade)}`,
  completed: (trade, actor) => `${actor} confirmed too: your trade of ${what(trade)} is completed`,
  'cancel-requested': (trade, actor) =>
    `${actor} asked to cancel your trade of ${what(trade)}; cancel it too to call it off`,
  cancelled: (trade, actor) => `${actor} cancelled too: your trade of ${what(trade)} is called off`,
  disputed: (trade, actor) => `${actor} disputed your trade of ${what(trade)}; an admin will look into it`,
};

/** `causedBy`: the party who acted (absent when the server did), whom a recipient may have blocked. */
const notice = (deps: NotifyDeps, userId: number, trade: Trade, message: string, causedBy?: number) =>
  sendNotification(deps, userId, {
    kind: 'trade_updated',
    message,
    listingId: trade.listingId,
    offerId: trade.id,
    link: tradeLink(trade.id),
    causedBy,
  });

/** Tells the other party what `role` did. */
export async function notifyTradeChange(
  deps: NotifyDeps,
  trade: Trade,
  change: TradeChange,
  role: TradeRole,
): Promise<void> {
  const recipient = trade[other(role)];
  await notice(deps, recipient.id, trade, MESSAGES[change](trade, trade[role].username), trade[role].id);
}

/** Tells both parties that nobody acted for 14 days and the trade completed by itself. */
export async function notifyAutoCompleted(deps: NotifyDeps, trade: Trade): Promise<void> {
  for (const role of ['buyer', 'seller'] as const) {
    const partner = trade[other(role)].username;
    await notice(
      deps,
      trade[role].id,
      trade,
      `Your trade of ${what(trade)} with ${partner} completed by itself after 14 days`,
    );
  }
}

/** Reminds both parties, 2 days before, that the open trade will complete by itself. */
export async function notifyReminder(deps: NotifyDeps, trade: Trade): Promise<void> {
  for (const role of ['buyer', 'seller'] as const) {
    const partner = trade[other(role)].username;
    await sendNotification(deps, trade[role].id, {
      kind: 'trade_reminder',
      message: `Your trade of ${what(trade)} with ${partner} completes by itself in 2 days unless one of you confirms, cancels or disputes it`,
      listingId: trade.listingId,
      offerId: trade.id,
      link: tradeLink(trade.id),
    });
  }
}
