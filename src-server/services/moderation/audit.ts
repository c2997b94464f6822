import {
  AUDIT_PAGE_DEFAULT,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
} from '../../../src-common/schemas/audit';
import { DELETED_USER } from '../../../src-common/schemas/trade';
import type { AppDeps } from '../../deps';
import { AuditEntryModel, type AuditEntryDoc } from '../../models/audit-entry';
import { nextId } from '../../models/counter';
import { usernamesByIds } from '../accounts/account-names';

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

/** GET /api/admin/audit: newest first, the page older than `before` (an entry id) when given. */
export async function readAuditLog(
  deps: Pick<AppDeps, 'accounts'>,
  query: AuditQuery,
): Promise<AuditEntry[]> {
  const docs = await AuditEntryModel.find(query.before ? { _id: { $lt: query.before } } : {})
    .sort({ _id: -1 })
    .limit(query.limit ?? AUDIT_PAGE_DEFAULT)
    .lean<AuditEntryDoc[]>();
  const names = await usernamesByIds(
    deps,
    docs.map((d) => d.actorId),
  );
  return docs.map((doc) => ({
    id: doc._id,
    at: new Date(doc.at).toISOString(),
    actor: { id: doc.actorId, username: names.get(doc.actorId) ?? DELETED_USER },
    action: doc.action as AuditAction,
    target: { type: doc.targetType, id: doc.targetId },
    note: doc.note ?? null,
  }));
}
