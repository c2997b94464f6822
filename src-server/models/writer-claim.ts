import mongoose from 'mongoose';

/**
 * Embedded FerretDB only: which server process writes to this database (lib/writer-claim.ts). Claims are
 * numbered; the highest is the current one, and a new claim is an insert of the next number, which the
 * unique `_id` lets exactly one process win.
 */
const writerClaimSchema = new mongoose.Schema(
  {
    _id: { type: Number, required: true },
    pid: { type: Number, required: true },
    hostname: { type: String, required: true },
    startedAt: { type: Date, required: true },
    /** Linux: the process's start time in clock ticks since boot, which a reused pid does not share. */
    startTicks: { type: String, default: null },
    /** Set by a clean shutdown; a claim whose process died is recognised by its pid instead. */
    releasedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

export type WriterClaimDoc = mongoose.InferSchemaType<typeof writerClaimSchema>;

export const WriterClaimModel = mongoose.model('WriterClaim', writerClaimSchema, 'writer_claims');
