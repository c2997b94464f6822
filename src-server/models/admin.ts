import mongoose from 'mongoose';

/** Admins are identified by Discord ID, the one the admin panel adds and removes. */
const adminSchema = new mongoose.Schema(
  { _id: { type: String, required: true }, addedBy: { type: String, default: null } },
  { timestamps: true, versionKey: false },
);

export const AdminModel = mongoose.model('Admin', adminSchema, 'admins');
