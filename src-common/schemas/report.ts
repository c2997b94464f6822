import { z } from 'zod';
import { blankOrChoice, queryInteger } from './listing';
import { personSchema } from './person';
import { SUSPENSION_REASON_REQUIRED, suspensionDaysSchema } from './suspension';

/** What can be reported: a listing, a player, an offer, or a trade (whose id is its accepted offer's). */
export const REPORT_TARGET_TYPES = ['listing', 'user', 'offer', 'trade'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'scam',
  'impersonation',
  'offensive',
  'spam',
  'price-manipulation',
  'trade-dispute',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What an admin does when resolving a report (POST /api/admin/reports/{id}/resolve). */
export const REPORT_ACTIONS = ['dismiss', 'remove-listing', 'suspend-user'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;

const positiveInt = (name: string) =>
  z
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .positive(`${name} must be a positive whole number`);

export const reportTargetSchema = z.object({
  type: z.enum(REPORT_TARGET_TYPES, {
    error: `target.type must be one of: ${REPORT_TARGET_TYPES.join(', ')}`,
  }),
  id: positiveInt('target.id'),
});
export type ReportTarget = z.infer<typeof reportTargetSchema>;

/** POST /api/reports, and the report dialog. */
export const reportInputSchema = z.strictObject({
  target: z.strictObject(reportTargetSchema.shape),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z
    .string({ error: 'Details must be text' })
    .trim()
    .max(REPORT_DETAILS_MAX, `Details can be at most ${REPORT_DETAILS_MAX} characters`)
    .default(''),
});
export type ReportInput = z.output<typeof reportInputSchema>;
export type ReportInputBody = z.input<typeof reportInputSchema>;

/** A report as its reporter gets it back (POST /api/reports answers 201 with it). */
export const reportSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  target: reportTargetSchema,
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * A report in the moderation queue (GET /api/admin/reports). `target.summary` is one line naming what
 * was reported (a listing's item and owner, a player's name, an offer's item and maker, a trade's item
 * and parties), or says it is gone. `openOnTarget` counts the open reports on the same target, this one
 * included when it is open. `resolution` is null while the report is open.
 */
export const adminReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  reporter: personSchema,
  target: reportTargetSchema.extend({ summary: z.string() }),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  openOnTarget: z.number().int(),
  createdAt: z.string(),
  resolution: z
    .object({
      action: z.enum(REPORT_ACTIONS),
      note: z.string(),
      by: personSchema,
      at: z.string(),
    })
    .nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.array(adminReportSchema);

export const ADMIN_REPORTS_PAGE_DEFAULT = 50;
export const ADMIN_REPORTS_PAGE_MAX = 100;

/** GET /api/admin/reports: open ones by default; `X-Total-Count` holds how many have that status. */
export const adminReportsQuerySchema = z.object({
  status: blankOrChoice(
    REPORT_STATUSES,
    z.enum(REPORT_STATUSES, { error: 'status must be open or resolved' }).default('open'),
  ),
  limit: queryInteger('limit', 1, ADMIN_REPORTS_PAGE_MAX),
  offset: queryInteger('offset', 0, Number.MAX_SAFE_INTEGER),
});
export type AdminReportsQuery = z.output<typeof adminReportsQuerySchema>;

/**
 * POST /api/admin/reports/{id}/resolve. `days` is only read by `suspend-user` (absent or null: a
 * permanent suspension); `note` is the admin's reason, kept on the report and in the audit log, and is
 * the suspension's reason (so `suspend-user` needs one).
 */
export const resolveReportInputSchema = z
  .strictObject({
    action: z.enum(REPORT_ACTIONS, { error: `action must be one of: ${REPORT_ACTIONS.join(', ')}` }),
    note: z
      .string({ error: 'Note must be text' })
      .trim()
      .max(REPORT_NOTE_MAX, `Note can be at most ${REPORT_NOTE_MAX} characters`)
      .default(''),
    days: suspensionDaysSchema,
  })
  .superRefine((input, ctx) => {
    if (input.action === 'suspend-user' && !input.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: SUSPENSION_REASON_REQUIRED });
    }
  });
export type ResolveReportInput = z.output<typeof resolveReportInputSchema>;
export type ResolveReportInputBody = z.input<typeof resolveReportInputSchema>;
