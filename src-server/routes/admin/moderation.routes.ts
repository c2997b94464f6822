import Router from '@koa/router';
import { accountSearchQuerySchema } from '../../../src-common/schemas/admin-account';
import { auditQuerySchema } from '../../../src-common/schemas/audit';
import { adminReportsQuerySchema, resolveReportInputSchema } from '../../../src-common/schemas/report';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { requireAuth } from '../../middlewares/auth';
import { parseBody, parseQuery } from '../../middlewares/validate';
import { assertAdmin } from '../../policies/admin';
import { searchAccounts } from '../../services/moderation/account-search';
import { readAuditLog } from '../../services/moderation/audit';
import { listReports } from '../../services/moderation/report-queue';
import { resolveReport } from '../../services/moderation/resolve-report';
import { idParam } from '../listings/id-param';

/** The moderation queue, the audit log and the account search of the admin panel (admins only). */
export function moderationRoutes(deps: AppDeps): Router {
  const router = new Router();

  router.get('/admin/reports', async (ctx) => {
    await assertAdmin(requireAuth(ctx).id);
    const { reports, total } = await listReports(deps, parseQuery(ctx, adminReportsQuerySchema));
    ctx.set('X-Total-Count', String(total));
    ctx.body = reports;
  });

  router.post('/admin/reports/:id/resolve', async (ctx) => {
    const { id } = requireAuth(ctx);
    await assertAdmin(id);
    const reportId = idParam(ctx.params.id, () => notFound('report'));
    ctx.body = await resolveReport(deps, id, reportId, parseBody(ctx, resolveReportInputSchema));
  });

  router.get('/admin/audit', async (ctx) => {
    await assertAdmin(requireAuth(ctx).id);
    ctx.body = await readAuditLog(deps, parseQuery(ctx, auditQuerySchema));
  });

  router.get('/admin/accounts', async (ctx) => {
    await assertAdmin(requireAuth(ctx).id);
    ctx.body = await searchAccounts(deps, parseQuery(ctx, accountSearchQuerySchema).q);
  });

  return router;
}
