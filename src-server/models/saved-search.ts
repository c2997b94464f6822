import mongoose from 'mongoose';

/** A user's saved browse search, with an optional price condition (services/saved-searches/). */
const savedSearchSchema = new mongoose.Schema(
  {
    _id: Number,
    userId: { type: Number, required: true },
    name: { type: String, required: true },
    filters: {
      q: { type: String },
      type: { type: String },
      category: { type: String },
      episode: { type: String },
      profession: { type: String },
    },
    maxUnitPrice: { type: Number, default: null },
    minUnitPrice: { type: Number, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
savedSearchSchema.index({ userId: 1 });

export const SavedSearchModel = mongoose.model('SavedSearch', savedSearchSchema, 'saved_searches');
export type SavedSearchDoc = mongoose.InferSchemaType<typeof savedSearchSchema> & {
  _id: number;
  createdAt: Date;
};
