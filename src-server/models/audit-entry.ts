import mongoose from 'mongoose';
import { AUDIT_ACTIONS } from '../../src-common/schemas/audit';

/**
 * One admin action (services/moderation/audit.ts). Append-only: the server only ever inserts into this
 * collection, and no route changes or deletes an entry.
 */
const auditEntrySchema = new mongoose.Schema(
  {
    _id: Number,
    actorId: { type: Number, required: true },
    action: { type: String, enum: AUDIT_ACTIONS, required: true },
    targetType: { type: String, required: true },
    targetId: { type: Number, required: true },
    note: { type: String, default: null },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const AuditEntryModel = mongoose.model('AuditEntry', auditEntrySchema, 'audit_log');
export type AuditEntryDoc = mongoose.InferSchemaType<typeof auditEntrySchema> & { _id: number };
