import type { Report, ReportReason, ReportStatus, ReportTargetType } from '../../src-common/schemas/report';
import type { ReportDoc } from '../models/report';

/** A report as its reporter sees it: never who else reported the target, nor how it was resolved. */
export function presentReport(doc: ReportDoc): Report {
  return {
    id: doc._id,
    status: doc.status as ReportStatus,
    target: { type: doc.targetType as ReportTargetType, id: doc.targetId },
    reason: doc.reason as ReportReason,
    details: doc.details ?? '',
    createdAt: new Date(doc.createdAt).toISOString(),
  };
}
