import type { Report, ReportInput } from '../../../src-common/schemas/report';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { inTransaction } from '../../lib/transactions';
import { nextId } from '../../models/counter';
import { ReportModel, type ReportDoc } from '../../models/report';
import { assertCanReport } from '../../policies/report';
import { presentReport } from '../../presenters/report';
import { findTarget, targetKey } from './report-targets';

export type ReportDeps = Pick<AppDeps, 'logger'>;

/**
 * The writes about one target's reports (a new one, resolving them all) run as one unit on this key, so
 * a reporter's second open report cannot slip in beside the first, nor a new one be half-resolved.
 */
export const reportsKey = (target: ReportInput['target']) => `reports:${targetKey(target)}`;

/**
 * Files a player's report (POST /api/reports; a trade dispute files one too). 404 when the target does
 * not exist, 400 for one's own listing or oneself, 403 for someone else's offer or trade
 * (policies/report.ts), 409 when this reporter already has an open report on it. The hourly limit is the
 * route's, so a dispute is never refused for it.
 */
export async function fileReport(deps: ReportDeps, reporterId: number, input: ReportInput): Promise<Report> {
  const target = await findTarget(input.target);
  if (!target) throw notFound(input.target.type);
  assertCanReport(reporterId, target);
  const id = await nextId('reports');
  const doc = await inTransaction(reportsKey(input.target), async () => {
    const open = { reporterId, targetType: target.type, targetId: target.id, status: 'open' as const };
    if (await ReportModel.exists(open)) {
      throw conflict(`You have already reported this ${target.type}; an admin will look at it`);
    }
    const [created] = await ReportModel.create([
      {
        ...open,
        _id: id,
        targetUserIds: target.userIds,
        targetListingId: target.listingId,
        reason: input.reason,
        details: input.details,
        createdAt: new Date(),
      },
    ]);
    return created.toObject() as ReportDoc;
  });
  deps.logger.info({ reportId: id, target: targetKey(target), reason: input.reason }, 'report filed');
  return presentReport(doc);
}
