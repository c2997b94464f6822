import {
  ADMIN_REPORTS_PAGE_DEFAULT,
  type AdminReport,
  type AdminReportsQuery,
  type ReportAction,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
  type ReportTargetType,
} from '../../../src-common/schemas/report';
import { DELETED_USER } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import { ReportModel, type ReportDoc } from '../../models/report';
import { usernamesByIds } from '../accounts/account-names';
import { findTargets, targetKey, type TargetFacts } from './report-targets';

export type QueueDeps = Pick<AppDeps, 'accounts'>;

const targetOf = (doc: ReportDoc): ReportTarget => ({
  type: doc.targetType as ReportTargetType,
  id: doc.targetId,
});

/** GET /api/admin/reports: one status, newest first, with how many there are in all. */
export async function listReports(
  deps: QueueDeps,
  query: AdminReportsQuery,
): Promise<{ reports: AdminReport[]; total: number }> {
  const [docs, total] = await Promise.all([
    ReportModel.find({ status: query.status })
      .sort({ _id: -1 })
      .skip(query.offset ?? 0)
      .limit(query.limit ?? ADMIN_REPORTS_PAGE_DEFAULT)
      .lean<ReportDoc[]>(),
    ReportModel.countDocuments({ status: query.status }),
  ]);
  return { reports: await presentAdminReports(deps, docs), total };
}

/** Reports as the queue shows them: who filed each, what it is about now, and how many share its target. */
export async function presentAdminReports(deps: QueueDeps, docs: ReportDoc[]): Promise<AdminReport[]> {
  const targets = docs.map(targetOf);
  const [facts, openCounts] = await Promise.all([findTargets(targets), countOpen(targets)]);
  const names = await usernamesByIds(deps, [
    ...docs.flatMap((d) => [d.reporterId, ...d.targetUserIds, ...(d.resolution ? [d.resolution.by] : [])]),
    ...[...facts.values()].flatMap((f) => f.userIds),
  ]);
  const person = (id: number) => ({ id, username: names.get(id) ?? DELETED_USER });
  return docs.map((doc) => {
    const target = targetOf(doc);
    const resolution = doc.resolution;
    return {
      id: doc._id,
      status: doc.status as ReportStatus,
      reporter: person(doc.reporterId),
      target: { ...target, summary: summarise(target, facts.get(targetKey(target)) ?? null, names) },
      reason: doc.reason as ReportReason,
      details: doc.details ?? '',
      openOnTarget: openCounts.get(targetKey(target)) ?? 0,
      createdAt: new Date(doc.createdAt).toISOString(),
      resolution: resolution
        ? {
            action: resolution.action as ReportAction,
            note: resolution.note ?? '',
            by: person(resolution.by),
            at: new Date(resolution.at).toISOString(),
          }
        : null,
    };
  });
}

/** Open reports per target, for the targets given. */
async function countOpen(targets: ReportTarget[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (targets.length === 0) return counts;
  const open = await ReportModel.find(
    { status: 'open', targetId: { $in: [...new Set(targets.map((t) => t.id))] } },
    { targetType: 1, targetId: 1 },
  ).lean<Pick<ReportDoc, 'targetType' | 'targetId'>[]>();
  const wanted = new Set(targets.map(targetKey));
  for (const doc of open) {
    const key = targetKey(targetOf(doc as ReportDoc));
    if (wanted.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * One line naming what a report is about, as it is now: "Iron Ore (sell listing) by Bob", "Bob",
 * "Alice's offer on Iron Ore (Bob's sell listing)", "Iron Ore: Bob sold to Alice"; a target that is gone
 * says so ("Listing 12 (deleted)").
 */
export function summarise(
  target: ReportTarget,
  facts: TargetFacts | null,
  names: Map<number, string>,
): string {
  if (!facts) return `${target.type.charAt(0).toUpperCase()}${target.type.slice(1)} ${target.id} (deleted)`;
  const name = (i: number) => names.get(facts.userIds[i]) ?? DELETED_USER;
  switch (facts.type) {
    case 'listing':
      return `${facts.item} (${facts.listingType} listing) by ${name(0)}`;
    case 'user':
      return name(0);
    case 'offer':
      return `${name(1)}'s offer on ${facts.item} (${name(0)}'s ${facts.listingType} listing)`;
    case 'trade':
      return `${facts.item}: ${name(0)} sold to ${name(1)}`;
  }
}
