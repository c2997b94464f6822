import mongoose from 'mongoose';
import { TRADE_STATUSES } from '../../src-common/schemas/trade';

/**
 * Bookkeeping that lets the trade reads and the trade sweep address documents by `_id` only: the embedded
 * FerretDB filters nothing else on its side, so any other query reads and decodes every trade. Both are
 * written in the same unit of work as the trade change they follow (services/trades/trade-books.ts) and
 * built once from the trades by migrations/trade-books.ts.
 */

/** One entry of a trader's book: what `GET /api/trades` filters, sorts and pages by. */
const entrySchema = new mongoose.Schema(
  {
    at: { type: Date, required: true },
    status: { type: String, enum: TRADE_STATUSES, required: true },
    listingId: { type: Number, required: true },
  },
  { _id: false },
);

/** A trader's trades as buyer or seller (`_id` the user's id), keyed by trade id. Never deleted. */
const tradeBookSchema = new mongoose.Schema(
  { _id: Number, trades: { type: Map, of: entrySchema, default: {} } },
  { versionKey: false },
);

export const TradeBookModel = mongoose.model('TradeBook', tradeBookSchema, 'trade_books');

export interface TradeBookEntry {
  at: Date;
  status: (typeof TRADE_STATUSES)[number];
  listingId: number;
}

export interface TradeBookDoc {
  _id: number;
  trades: Record<string, TradeBookEntry>;
}

/**
 * An open trade's deadline (`_id` the trade's): one document per trade while it is `open`, removed by the
 * transition that ends it, so the sweep reads only the open trades, never the history.
 */
const openTradeSchema = new mongoose.Schema(
  {
    _id: Number,
    listingId: { type: Number, required: true },
    /** The trade's `activityAt`: its reminder and auto-completion count from it. */
    activityAt: { type: Date, required: true },
    remindedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

openTradeSchema.index({ activityAt: 1 });

export const OpenTradeModel = mongoose.model('OpenTrade', openTradeSchema, 'open_trades');

export interface OpenTradeDoc {
  _id: number;
  listingId: number;
  activityAt: Date;
  remindedAt: Date | null;
}
