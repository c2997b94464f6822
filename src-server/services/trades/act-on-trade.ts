import type { DisputeInput, Trade } from '../../../src-common/schemas/trade';
import type { TradeAction } from '../../../src-common/trade-lifecycle';
import { AppError } from '../../errors';
import { fileReport } from '../moderation/reports';
import { applyTradeAction, publishTradeTransition, type TradeDeps } from './change-trade';
import { notifyTradeChange } from './trade-notices';
import { tradeOfParty } from './trade-access';

/**
 * A party confirms, asks to cancel or disputes a trade (POST /api/trades/{id}/confirm|cancel|dispute).
 * 404 for an unknown trade, 403 for anyone but its two parties, 409 when its state refuses the action
 * (it lost a race, or it is over); a repeat of a confirmation or cancel request is a harmless 200.
 */
async function act(deps: TradeDeps, userId: number, id: number, action: TradeAction): Promise<Trade> {
  const { role } = await tradeOfParty(id, userId);
  const done = await applyTradeAction(id, action, role, new Date());
  const trade = await publishTradeTransition(deps, done);
  if (done.change) await notifyTradeChange(deps, trade, done.change, role);
  return trade;
}

export const confirmTrade = (deps: TradeDeps, userId: number, id: number) =>
  act(deps, userId, id, { kind: 'confirm' });

export const cancelTrade = (deps: TradeDeps, userId: number, id: number) =>
  act(deps, userId, id, { kind: 'cancel' });

/**
 * A dispute also files a report on the trade (reason `trade-dispute`, the dispute's reason as details),
 * which puts it in the admins' moderation queue. The trade is disputed first: should the report fail
 * (the party already has an open report on this trade, which is in the queue already), the dispute
 * stands.
 */
export async function disputeTrade(
  deps: TradeDeps,
  userId: number,
  id: number,
  input: DisputeInput,
): Promise<Trade> {
  const trade = await act(deps, userId, id, { kind: 'dispute', reason: input.reason });
  try {
    await fileReport(deps, userId, {
      target: { type: 'trade', id },
      reason: 'trade-dispute',
      details: input.reason,
    });
  } catch (err) {
    if (!(err instanceof AppError && err.status === 409)) {
      deps.logger.error({ err, tradeId: id }, 'the report of a dispute was not filed');
    }
  }
  return trade;
}
