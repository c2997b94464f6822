import mongoose from 'mongoose';
import { TOKEN_SCOPES } from '../../src-common/schemas/api-token';

/** A personal access token (services/accounts/api-tokens.ts): only the sha256 of its secret is kept. */
const apiTokenSchema = new mongoose.Schema(
  {
    _id: Number,
    userId: { type: Number, required: true },
    name: { type: String, required: true },
    scopes: { type: [{ type: String, enum: TOKEN_SCOPES }], required: true },
    /** sha256 (hex) of the whole `bsm_pat_…` secret. */
    tokenHash: { type: String, required: true, unique: true },
    lastUsedAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
apiTokenSchema.index({ userId: 1 });

export const ApiTokenModel = mongoose.model('ApiToken', apiTokenSchema, 'api_tokens');
export type ApiTokenDoc = mongoose.InferSchemaType<typeof apiTokenSchema> & { _id: number; createdAt: Date };
