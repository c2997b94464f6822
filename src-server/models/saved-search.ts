import mongoose from 'mongoose';

/**
 * Where a search's new matches are also posted: a Discord webhook URL (kept whole, never answered whole),
 * and whether it still posts (`enabled` false with the reason once Discord refused it with 401 or 404).
 */
const webhookSchema = new mongoose.Schema(
  {
    url: { type: String, required: true },
    enabled: { type: Boolean, required: true },
    disabledReason: { type: String, default: null },
  },
  { _id: false },
);

/** A user's saved browse search, with an optional price condition (services/saved-searches/). */
const savedSearchSchema = new mongoose.Schema(
  {
    _id: Number,
    userId: { type: Number, required: true },
    name: { type: String, required: true },
    filters: {
      q: { type: String },
      item: { type: String },
      type: { type: String },
      category: { type: String },
      episode: { type: String },
      profession: { type: String },
    },
    maxUnitPrice: { type: Number, default: null },
    minUnitPrice: { type: Number, default: null },
    webhook: { type: webhookSchema, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
savedSearchSchema.index({ userId: 1 });

export const SavedSearchModel = mongoose.model('SavedSearch', savedSearchSchema, 'saved_searches');
export type SavedSearchDoc = mongoose.InferSchemaType<typeof savedSearchSchema> & {
  _id: number;
  createdAt: Date;
};
