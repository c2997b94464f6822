import { accountSearchQuerySchema, adminAccountListSchema } from '../../src-common/schemas/admin-account';
import { auditEntryListSchema, auditQuerySchema } from '../../src-common/schemas/audit';
import {
  adminReportListSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  reportInputSchema,
  reportSchema,
  resolveReportInputSchema,
} from '../../src-common/schemas/report';
import { idParam, json, type Endpoint } from './endpoint';

/** Reports, the moderation queue, the audit log and the admins' account search. */
export const MODERATION_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/api/reports',
    summary: 'Report a listing, a player, or an offer or trade one is part of',
    tag: 'Reports',
    access: 'session',
    body: reportInputSchema,
    ok: { 201: { description: 'The report, open.', schema: reportSchema } },
    errors: [400, 404, 409, 429],
    limits: ['report-create'],
  },
  {
    method: 'get',
    path: '/api/admin/reports',
    summary: 'The moderation queue: open or resolved reports, newest first (admins)',
    tag: 'Admin',
    access: 'session',
    query: adminReportsQuerySchema,
    ok: json('A page of reports; `X-Total-Count` holds how many have that status.', adminReportListSchema, [
      'X-Total-Count',
    ]),
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/admin/reports/{id}/resolve',
    summary: 'Resolve a report and every open report on its target, applying an action (admins)',
    tag: 'Admin',
    access: 'session',
    params: idParam,
    body: resolveReportInputSchema,
    ok: json('The report, resolved.', adminReportSchema),
    errors: [400, 404, 409],
  },
  {
    method: 'get',
    path: '/api/admin/audit',
    summary: 'The audit log of admin actions, newest first (admins)',
    tag: 'Admin',
    access: 'session',
    query: auditQuerySchema,
    ok: json('A page of entries; pass the last id as `before` for the next one.', auditEntryListSchema),
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/admin/accounts',
    summary: 'Find accounts by name, email or Discord ID (admins)',
    tag: 'Admin',
    access: 'session',
    query: accountSearchQuerySchema,
    ok: json('At most 50 accounts, exact matches first.', adminAccountListSchema),
    errors: [400],
  },
];
