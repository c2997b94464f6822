import type { AuditEntry } from '../../../src-common/schemas/audit';
import type { AdminReport, ReportStatus, ResolveReportInputBody } from '../../../src-common/schemas/report';
import type { AccountSuspension, SuspendInputBody } from '../../../src-common/schemas/suspension';
import type { AdminAccount } from '../../../src-common/schemas/admin-account';
import { api } from '../../lib/api-client';

export const AUDIT_PAGE = 50;

/** The admin panel's moderation calls: the report queue, account search and suspensions, the audit log. */
export const moderationApi = {
  reports: (status: ReportStatus) =>
    api.get<AdminReport[]>('/admin/reports', { query: { status, limit: 100 } }),
  resolve: (id: number, body: ResolveReportInputBody) =>
    api.post<unknown>(`/admin/reports/${id}/resolve`, body),
  accounts: (q: string) => api.get<AdminAccount[]>('/admin/accounts', { query: { q } }),
  suspend: (userId: number, body: SuspendInputBody) =>
    api.post<AccountSuspension>(`/admin/users/${userId}/suspend`, body),
  unsuspend: (userId: number) => api.post<AccountSuspension>(`/admin/users/${userId}/unsuspend`),
  audit: (before?: number) => api.get<AuditEntry[]>('/admin/audit', { query: { before, limit: AUDIT_PAGE } }),
};
