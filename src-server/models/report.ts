import mongoose from 'mongoose';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from '../../src-common/schemas/report';

/**
 * A player's report of a listing, a player, an offer or a trade (services/moderation/reports.ts). What
 * the target was is summarised when the queue is read, so a report outlives its target. Resolving one fills `resolution` (services/moderation/resolve-report.ts).
 */
const reportSchema = new mongoose.Schema(
  {
    _id: Number,
    reporterId: { type: Number, required: true },
    targetType: { type: String, enum: REPORT_TARGET_TYPES, required: true },
    targetId: { type: Number, required: true },
    /**
     * Whom the target was about when reported (a listing's owner; a player; an offer's listing owner and
     * maker; a trade's seller and buyer), and its listing: kept so an admin can still act on a report
     * whose listing its owner has since deleted.
     */
    targetUserIds: { type: [Number], default: [] },
    targetListingId: { type: Number, default: null },
    reason: { type: String, enum: REPORT_REASONS, required: true },
    details: { type: String, default: '' },
    status: { type: String, enum: REPORT_STATUSES, default: 'open' },
    resolution: {
      type: new mongoose.Schema(
        {
          action: { type: String, enum: REPORT_ACTIONS, required: true },
          note: { type: String, default: '' },
          by: { type: Number, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
reportSchema.index({ status: 1, _id: -1 });
reportSchema.index({ targetType: 1, targetId: 1, status: 1 });
reportSchema.index({ reporterId: 1, status: 1 });

export const ReportModel = mongoose.model('Report', reportSchema, 'reports');
export type ReportDoc = mongoose.InferSchemaType<typeof reportSchema> & { _id: number };
