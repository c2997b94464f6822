import { AUTO_COMPLETE_MS, REMINDER_BEFORE_MS } from '../../../src-common/trade-lifecycle';
import { AppError } from '../../errors';
import { TradeModel, type LiveTradeDoc } from '../../models/trade';
import { OpenTradeModel, type OpenTradeDoc } from '../../models/trade-books';
import { presentTrade } from '../../presenters/trade';
import { withListingLock } from '../listings/listing-lock';
import { applyTradeAction, publishTradeTransition, type TradeDeps } from './change-trade';
import { readTrade, usernamesOf } from './trade-access';
import { followTrade } from './trade-books';
import { notifyAutoCompleted, notifyReminder } from './trade-notices';

/** How often every process looks for open trades due for their reminder or their completion. */
export const TRADE_SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface TradeSweep {
  /** Reminds and completes what is due at `now`; resolves to how many of each. */
  sweep(now?: Date): Promise<{ reminded: number; completed: number }>;
  start(): void;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

/** A refusal means a party acted first (or another process completed it): nothing is due any more. */
const lostTo = (err: unknown) => err instanceof AppError && (err.status === 409 || err.status === 404);

/**
 * Open trades nobody acted on: both parties are reminded 2 days before the 14 days are up, then the trade
 * completes by itself. Every process sweeps; the database decides who acts: the completion is the trade's
 * own transition (one winner, like a party's action), and the reminder is sent by the process whose
 * conditional update marked it (`remindedAt`, cleared by each new activity), so it goes once.
 *
 * A sweep reads only the open trades' deadlines (`open_trades`, kept by trade-books.ts), never the
 * trades: on the embedded FerretDB a filter on the trades reads every trade ever made.
 */
export function createTradeSweep(deps: TradeDeps): TradeSweep {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  /**
   * A deadline that was not acted on is set again from its trade (or dropped with it), so a deadline
   * that disagrees with its trade is not due again and again; normally another process acted first and
   * this writes what it wrote.
   */
  const resync = (due: OpenTradeDoc) =>
    withListingLock(due.listingId, async () => {
      const trade = await readTrade(due._id);
      if (trade) await followTrade(trade, false);
      else await OpenTradeModel.deleteOne({ _id: due._id });
    });

  const complete = async (due: OpenTradeDoc, now: Date): Promise<boolean> => {
    try {
      const done = await applyTradeAction(due._id, { kind: 'auto-complete' }, 'buyer', now);
      const trade = await publishTradeTransition(deps, done);
      await notifyAutoCompleted(deps, trade);
      return true;
    } catch (err) {
      if (!lostTo(err)) throw err;
      await resync(due);
      return false;
    }
  };

  const remind = async (due: OpenTradeDoc, now: Date): Promise<boolean> => {
    const marked = await withListingLock(due.listingId, async () => {
      const doc = await TradeModel.findOneAndUpdate(
        { _id: due._id, status: 'open', remindedAt: null, activityAt: due.activityAt },
        { $set: { remindedAt: now } },
        { returnDocument: 'after' },
      ).lean<LiveTradeDoc>();
      if (doc) await followTrade(doc, false);
      return doc;
    });
    if (!marked) {
      await resync(due);
      return false;
    }
    await notifyReminder(deps, presentTrade(marked, await usernamesOf(deps, [marked])));
    return true;
  };

  async function sweep(now = new Date()) {
    const completeBy = new Date(now.getTime() - AUTO_COMPLETE_MS);
    const remindBy = new Date(now.getTime() - AUTO_COMPLETE_MS + REMINDER_BEFORE_MS);
    const due = await OpenTradeModel.find({ activityAt: { $lte: remindBy } }).lean<OpenTradeDoc[]>();
    const dueToComplete = due.filter((d) => d.activityAt <= completeBy);
    const dueToRemind = due.filter((d) => d.activityAt > completeBy && !d.remindedAt);
    let completed = 0;
    let reminded = 0;
    for (const due of dueToComplete) if (await complete(due, now)) completed += 1;
    for (const due of dueToRemind) if (await remind(due, now)) reminded += 1;
    return { reminded, completed };
  }

  const tick = () => {
    if (running) return;
    running = sweep()
      .catch((err: unknown) => deps.logger.error({ err }, 'trade sweep failed'))
      .finally(() => (running = null));
  };

  return {
    sweep,
    start() {
      tick();
      timer = setInterval(tick, TRADE_SWEEP_EVERY_MS).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
