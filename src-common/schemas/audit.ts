import { z } from 'zod';
import { queryInteger } from './listing';
import { personSchema } from './person';

/** Every kind of admin action the audit log records. */
export const AUDIT_ACTIONS = [
  'listing.delete',
  'admin.add',
  'admin.remove',
  'user.suspend',
  'user.unsuspend',
  'report.resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One entry of GET /api/admin/audit. `target` is what the action was on: a `listing`, a `user` (for
 * `admin.add`/`admin.remove` the account holding the Discord ID, which the note names; `discord-id` with
 * id 0 when no account holds it), a `report`. `actor.username` is "Deleted user" once that account is
 * gone.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: personSchema,
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.string(), id: z.number().int() }),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditEntryListSchema = z.array(auditEntrySchema);

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** GET /api/admin/audit: `before` is the id of the last entry already seen, for the next (older) page. */
export const auditQuerySchema = z.object({
  before: queryInteger('before', 1, Number.MAX_SAFE_INTEGER),
  limit: queryInteger('limit', 1, AUDIT_PAGE_MAX),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
