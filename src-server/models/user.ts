import mongoose from 'mongoose';
import { publicFieldWrites } from './public-field-writes';

const userSchema = new mongoose.Schema(
  {
    _id: Number,
    username: { type: String, required: true, trim: true },
    /** Case-insensitive uniqueness: FerretDB 1.x has no collation indexes, so a normalised copy carries it. */
    usernameLower: { type: String, required: true, unique: true },
    /**
     * The name's confusable skeleton (services/accounts/usernames.ts): no two players hold names that
     * look alike. Absent on accounts from before it was kept until the backfill reaches them, and on a
     * look-alike pair from before the rule, whose younger name keeps working without one.
     */
    usernameSkeleton: { type: String, unique: true, sparse: true },
    email: { type: String },
    emailLower: { type: String, unique: true, sparse: true },
    emailVerified: { type: Boolean, default: false },
    /**
     * An address the user asked to change to (link-email with the current password). It becomes `email`
     * only when its verification link is opened; until then the old address keeps logging in.
     */
    pendingEmail: { type: String },
    pendingEmailLower: { type: String },
    passwordHash: { type: String },
    discordId: { type: String, unique: true, sparse: true },
    discordUsername: { type: String },
    avatar: { type: String },
    flags: { type: [String], default: [] },
    settings: {
      statsPublic: { type: Boolean, default: true },
      emailNotifications: { type: Boolean, default: true },
      directMessages: { type: Boolean, default: true },
      /** "Show when I'm online": off, the user always appears offline with no last-seen time. */
      showOnline: { type: Boolean, default: true },
    },
    /**
     * The player's in-game name (src-common/schemas/ign.ts), told only to the other party of an accepted
     * offer. Not a public field: profiles and listings never carry it.
     */
    ign: { type: String, default: null },
    lastActiveAt: { type: Date },
    /** When the user's last socket closed (services/presence). */
    lastSeenAt: { type: Date },
    version: { type: Number, default: 1 },
    /**
     * The session generation: every session token carries the one it was issued under (claim `sv`), and
     * only tokens of the current one are accepted. Ending all sessions (services/accounts/sessions.ts)
     * raises it. Absent on accounts from before it was kept, which reads as 0.
     */
    sessionVersion: { type: Number, default: 0 },
    /**
     * Set while an admin has suspended the account (services/moderation/suspensions.ts): why, until when
     * (null: permanent), when and by whom. Absent or null: the account is active.
     */
    suspension: {
      type: new mongoose.Schema(
        {
          reason: { type: String, required: true },
          until: { type: Date, default: null },
          at: { type: Date, required: true },
          by: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true, versionKey: false },
);

userSchema.plugin(publicFieldWrites);

export const UserModel = mongoose.model('User', userSchema, 'users');
export type UserDoc = mongoose.InferSchemaType<typeof userSchema> & {
  _id: number;
  createdAt: Date;
  updatedAt: Date;
};
