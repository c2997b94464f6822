import type mongoose from 'mongoose';

/**
 * The fields of an account that others see (its profile, read-models/public-accounts.ts). A write that
 * touches none of them (a password, a last-seen time, a session generation) changes nothing public.
 */
const PUBLIC_FIELDS = ['username', 'avatar', 'flags', 'createdAt', 'lastActiveAt', 'settings', 'suspension'];

/** The accounts a write changed, or `null` when it cannot say which (a filter not by `_id`). */
export type ChangedAccounts = number[] | null;
type Listener = (changed: ChangedAccounts) => void;
const listeners = new Set<Listener>();

/** Hears every write through the User model that changed a public field; returns the unsubscribe. */
export function onPublicFieldWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tell = (changed: ChangedAccounts) => listeners.forEach((listener) => listener(changed));

function isPublic(path: string): boolean {
  return PUBLIC_FIELDS.some((field) => path === field || path.startsWith(`${field}.`));
}

/** Whether an update (operators or a replacement) may change a public field. */
export function touchesPublicField(update: Record<string, unknown> | null | undefined): boolean {
  if (!update) return true;
  return Object.entries(update).some(([key, value]) =>
    key.startsWith('$') ? Object.keys((value ?? {}) as object).some(isPublic) : isPublic(key),
  );
}

/** The account ids a filter names: a number or `{ $in: [numbers] }` under `_id`; else null (unknown). */
export function idsOfFilter(filter: Record<string, unknown>): number[] | null {
  const id = filter._id;
  if (typeof id === 'number') return [id];
  const within = (id as { $in?: unknown } | undefined)?.$in;
  return Array.isArray(within) && within.every((v) => typeof v === 'number') ? within : null;
}

const UPDATES: mongoose.MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'replaceOne',
  'findOneAndReplace',
];
const DELETES: mongoose.MongooseQueryMiddleware[] = ['deleteOne', 'deleteMany', 'findOneAndDelete'];

/** The accounts a query wrote: those its filter names, else the one it returned, else unknown (null). */
function written(query: mongoose.Query<unknown, unknown>, result: unknown): ChangedAccounts {
  const found = (result as { _id?: unknown } | null)?._id;
  return idsOfFilter(query.getFilter()) ?? (typeof found === 'number' ? [found] : null);
}

/**
 * A schema plugin for the User model: after each write through Mongoose that may have changed a
 * public field, tells the listeners which accounts. Every write the app makes to users goes through the
 * model, so what is cached of an account is forgotten where it changed, without each service having to
 * remember to say so.
 */
export function publicFieldWrites(schema: mongoose.Schema): void {
  schema.post(UPDATES, function (result: unknown) {
    if (touchesPublicField(this.getUpdate() as Record<string, unknown> | null)) tell(written(this, result));
  });
  schema.post(DELETES, function (result: unknown) {
    tell(written(this, result));
  });
  schema.post('save', (doc: { _id: number }) => tell([doc._id]));
  schema.post('insertMany', (docs: unknown) => tell((docs as { _id: number }[]).map((doc) => doc._id)));
}
