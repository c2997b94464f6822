import mongoose from 'mongoose';
import type { CatalogueItem } from '../../src-common/catalogue';

/** A catalogue entry, stored with the catalogue's own keys so GET /api/items is the file's shape. */
const itemSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    entry: { type: mongoose.Schema.Types.Mixed, required: true },
  },
  { versionKey: false, minimize: false },
);

export const ItemModel = mongoose.model('Item', itemSchema, 'items');
export type ItemDoc = { _id: string; entry: CatalogueItem };

/** Small records of the seeding: the catalogue file's hash (`value`) and its order of items (`order`). */
const metaSchema = new mongoose.Schema(
  { _id: String, value: String, order: { type: [String], default: undefined } },
  { versionKey: false },
);
export const MetaModel = mongoose.model('Meta', metaSchema, 'meta');
