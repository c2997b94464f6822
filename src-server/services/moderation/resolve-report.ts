import type { AdminReport, ReportTarget, ResolveReportInput } from '../../../src-common/schemas/report';
import { AppError, conflict, notFound } from '../../errors';
import { inTransaction } from '../../lib/transactions';
import { ReportModel, type ReportDoc } from '../../models/report';
import { actionSubject, type ActionSubject } from '../../policies/report';
import { deleteListingAsAdmin } from '../listings/delete-listing';
import { sendNotification, type NotificationInput, type NotifyDeps } from '../notifications/notify';
import { recordAudit } from './audit';
import { presentAdminReports, type QueueDeps } from './report-queue';
import { findTarget, type TargetFacts } from './report-targets';
import { reportsKey } from './reports';
import { suspendUser, type SuspensionDeps } from './suspensions';

export type ResolveDeps = NotifyDeps & QueueDeps & SuspensionDeps;

const alreadyResolved = () => conflict('This report has already been resolved');

/**
 * Resolves a report (POST /api/admin/reports/{id}/resolve): 404 when there is no such report, 409 when
 * it is resolved already, 400 when the action does not fit its target (policies/report.ts).
 *
 * Every open report on the same target is marked resolved first, under the target's reports key, so two
 * admins resolving at once cannot both act: the second gets 409. Then the action runs (removing the
 * listing, suspending the player), and if it fails the reports are opened again, so a refused action
 * (an admin cannot be suspended) leaves the queue as it was. Afterwards the audit log records the
 * resolution and each reporter is told that an admin looked at their report, never what was done.
 */
export async function resolveReport(
  deps: ResolveDeps,
  adminId: number,
  reportId: number,
  input: ResolveReportInput,
): Promise<AdminReport> {
  const report = await ReportModel.findById(reportId).lean<ReportDoc>();
  if (!report) throw notFound('report');
  if (report.status !== 'open') throw alreadyResolved();
  const target: ReportTarget = { type: report.targetType, id: report.targetId };
  const subject = actionSubject(input.action, report.reporterId, {
    type: target.type,
    userIds: report.targetUserIds,
    listingId: report.targetListingId ?? null,
  });
  // Read before acting: the reporters' notification names the target, which removing it would lose.
  const facts = await findTarget(target);
  const resolution = { action: input.action, note: input.note, by: adminId, at: new Date() };
  const resolved = await inTransaction(reportsKey(target), async () => {
    const open = await ReportModel.find(
      { targetType: target.type, targetId: target.id, status: 'open' },
      { reporterId: 1 },
    ).lean<Pick<ReportDoc, '_id' | 'reporterId'>[]>();
    if (!open.some((r) => r._id === reportId)) throw alreadyResolved();
    await ReportModel.updateMany(
      { _id: { $in: open.map((r) => r._id) } },
      { $set: { status: 'resolved', resolution } },
    );
    return open;
  });
  try {
    await applyAction(deps, adminId, subject, input);
  } catch (err) {
    await inTransaction(reportsKey(target), () =>
      ReportModel.updateMany(
        { _id: { $in: resolved.map((r) => r._id) }, 'resolution.at': resolution.at },
        { $set: { status: 'open', resolution: null } },
      ),
    );
    throw err;
  }
  await recordAudit({
    actorId: adminId,
    action: 'report.resolve',
    target: { type: 'report', id: reportId },
    note: `${input.action} on ${target.type} ${target.id}${input.note ? `: ${input.note}` : ''}`,
  });
  const thanks = await thanksFor(deps, report, facts);
  for (const reporterId of new Set(resolved.map((r) => r.reporterId))) {
    await sendNotification(deps, reporterId, thanks);
  }
  const [doc] = await ReportModel.find({ _id: reportId }).lean<ReportDoc[]>();
  const [presented] = await presentAdminReports(deps, [doc]);
  return presented;
}

async function applyAction(
  deps: ResolveDeps,
  adminId: number,
  subject: ActionSubject,
  input: ResolveReportInput,
): Promise<void> {
  if (subject.action === 'remove-listing') {
    try {
      await deleteListingAsAdmin(deps, adminId, subject.listingId, input.note || null);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        throw conflict('That listing is already gone. Dismiss the report, or suspend its owner.', 'action');
      }
      throw err;
    }
  } else if (subject.action === 'suspend-user') {
    await suspendUser(deps, adminId, subject.userId, { reason: input.note, days: input.days });
  }
}

/**
 * What a reporter is told: which of their reports was looked at, and nothing of the outcome, which may
 * be about another player. It leads to the player's profile, or to the listing the report was about.
 */
async function thanksFor(
  deps: QueueDeps,
  report: ReportDoc,
  facts: TargetFacts | null,
): Promise<NotificationInput> {
  const type = report.targetType;
  const player = type === 'user' ? await deps.accounts.get(report.targetId) : null;
  const about = player
    ? player.username
    : !facts?.item
      ? `a ${type === 'user' ? 'player' : type}`
      : type === 'listing'
        ? `the ${facts.item} listing`
        : `${type === 'offer' ? 'an offer' : 'a trade'} on ${facts.item}`;
  const listingId = report.targetListingId ?? undefined;
  return {
    kind: 'report_resolved',
    message: `Thanks for your report about ${about}: an admin has looked at it.`,
    link:
      type === 'user' ? `/profile/${report.targetId}` : listingId === undefined ? '/alllistings' : undefined,
    listingId,
    offerId: type === 'offer' || type === 'trade' ? report.targetId : undefined,
  };
}
