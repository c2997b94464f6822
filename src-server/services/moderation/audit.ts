import type { AuditAction } from '../../../src-common/schemas/audit';
import { nextId } from '../../models/counter';
import { AuditEntryModel } from '../../models/audit-entry';

export interface AuditInput {
  actorId: number;
  action: AuditAction;
  target: { type: string; id: number };
  note?: string | null;
}

/**
 * Appends one admin action to the audit log (GET /api/admin/audit). Called by the service that did the
 * action, after its write succeeded. Entries are only ever inserted: nothing changes or deletes one.
 */
export async function recordAudit(entry: AuditInput): Promise<void> {
  await AuditEntryModel.create({
    _id: await nextId('auditLog'),
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    note: entry.note ?? null,
    at: new Date(),
  });
}
