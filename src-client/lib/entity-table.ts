/**
 * Normalised, versioned entities (listings, offers) as the client holds them. REST responses and
 * socket events go through these same functions, so a late or duplicate event can never overwrite
 * newer state (docs/realtime.md).
 */
export interface Versioned {
  id: number;
  version: number;
}

export interface EntityTable<T extends Versioned> {
  byId: Readonly<Record<number, T>>;
  /** Ids deleted while we watched: a late `updated` for them must not bring them back. */
  tombstones: Readonly<Record<number, true>>;
  /** When each held entity last changed, on the table's own clock (see `syncEntities`). */
  touched: Readonly<Record<number, number>>;
  clock: number;
}

export function emptyTable<T extends Versioned>(): EntityTable<T> {
  return { byId: {}, tombstones: {}, touched: {}, clock: 0 };
}

/** Keeps the incoming entity only when its version is newer; returns the same table when nothing changed. */
export function upsertEntity<T extends Versioned>(table: EntityTable<T>, entity: T): EntityTable<T> {
  if (table.tombstones[entity.id]) return table;
  const held = table.byId[entity.id];
  if (held && held.version >= entity.version) return table;
  const clock = table.clock + 1;
  return {
    byId: { ...table.byId, [entity.id]: entity },
    tombstones: table.tombstones,
    touched: { ...table.touched, [entity.id]: clock },
    clock,
  };
}

/**
 * An entity announced as (again) existing: a listing whose suspended seller was reinstated comes back
 * under its id after its `deleted`. Events of one connection arrive in order, so a `created` after the
 * deletion is the newer news and lifts the tombstone; a late `updated` still cannot.
 */
export function reviveEntity<T extends Versioned>(table: EntityTable<T>, entity: T): EntityTable<T> {
  if (!table.tombstones[entity.id]) return upsertEntity(table, entity);
  const tombstones = { ...table.tombstones };
  delete tombstones[entity.id];
  return upsertEntity({ ...table, tombstones }, entity);
}

export function upsertEntities<T extends Versioned>(
  table: EntityTable<T>,
  entities: readonly T[],
): EntityTable<T> {
  return entities.reduce(upsertEntity, table);
}

/** A delete wins over any version, now and later. */
export function removeEntity<T extends Versioned>(table: EntityTable<T>, id: number): EntityTable<T> {
  if (table.tombstones[id] && !(id in table.byId)) return table;
  const byId = { ...table.byId };
  const touched = { ...table.touched };
  delete byId[id];
  delete touched[id];
  return { byId, tombstones: { ...table.tombstones, [id]: true }, touched, clock: table.clock + 1 };
}

/** Removes every held entity the predicate selects (a deleted listing takes its offers with it). */
export function removeWhere<T extends Versioned>(
  table: EntityTable<T>,
  select: (entity: T) => boolean,
): EntityTable<T> {
  return Object.values(table.byId)
    .filter(select)
    .reduce((next, entity) => removeEntity(next, entity.id), table);
}

/**
 * Merges a complete REST snapshot of one scope (a user's listings, a listing's offers): entities in it
 * are upserted; held entities of that scope missing from it are gone on the server and are dropped.
 * An entity an event touched after the request started (`startedAt`, read from `table.clock` before
 * the request) is newer than the snapshot and stays. Dropped ids get no tombstone: the snapshot proves
 * absence only at the time it was taken.
 */
export function syncEntities<T extends Versioned>(
  table: EntityTable<T>,
  snapshot: readonly T[],
  inScope: (entity: T) => boolean,
  startedAt: number,
): EntityTable<T> {
  const present = new Set(snapshot.map((e) => e.id));
  const stale = Object.values(table.byId).filter(
    (e) => inScope(e) && !present.has(e.id) && (table.touched[e.id] ?? 0) <= startedAt,
  );
  const next = upsertEntities(table, snapshot);
  if (!stale.length) return next;
  const byId = { ...next.byId };
  const touched = { ...next.touched };
  for (const e of stale) {
    delete byId[e.id];
    delete touched[e.id];
  }
  return { byId, tombstones: next.tombstones, touched, clock: next.clock + 1 };
}
