import { describe, expect, it } from 'vitest';
import {
  emptyTable,
  removeEntity,
  removeWhere,
  reviveEntity,
  syncEntities,
  upsertEntities,
  upsertEntity,
  type EntityTable,
} from './entity-table';

interface Thing {
  id: number;
  version: number;
  name: string;
  group: number;
}

const thing = (id: number, version: number, name = `v${version}`, group = 1): Thing => ({
  id,
  version,
  name,
  group,
});
const names = (table: EntityTable<Thing>) =>
  Object.values(table.byId)
    .map((t) => `${t.id}:${t.name}`)
    .sort();

describe('upsertEntity', () => {
  it('adds an entity it does not hold', () => {
    expect(names(upsertEntity(emptyTable<Thing>(), thing(1, 1)))).toEqual(['1:v1']);
  });

  it('replaces a held entity with a newer version', () => {
    const table = upsertEntities(emptyTable<Thing>(), [thing(1, 1), thing(1, 2)]);
    expect(table.byId[1].version).toBe(2);
  });

  it('ignores a duplicate (same version) and returns the same table', () => {
    const table = upsertEntity(emptyTable<Thing>(), thing(1, 2, 'first'));
    const again = upsertEntity(table, thing(1, 2, 'duplicate'));
    expect(again).toBe(table);
    expect(again.byId[1].name).toBe('first');
  });

  it('ignores a stale (older) version that arrives late', () => {
    const table = upsertEntities(emptyTable<Thing>(), [thing(1, 3), thing(1, 2)]);
    expect(table.byId[1].version).toBe(3);
  });

  it('ends on the newest version whatever order the updates arrive in', () => {
    const orders = [
      [1, 2, 3],
      [3, 1, 2],
      [2, 3, 1],
    ];
    for (const order of orders) {
      const table = upsertEntities(
        emptyTable<Thing>(),
        order.map((v) => thing(7, v)),
      );
      expect(table.byId[7].version).toBe(3);
    }
  });
});

describe('removeEntity', () => {
  it('removes a held entity', () => {
    const table = removeEntity(upsertEntity(emptyTable<Thing>(), thing(1, 1)), 1);
    expect(table.byId[1]).toBeUndefined();
  });

  it('does not let a late update resurrect a deleted entity', () => {
    let table = upsertEntity(emptyTable<Thing>(), thing(1, 1));
    table = removeEntity(table, 1);
    table = upsertEntity(table, thing(1, 2));
    expect(table.byId[1]).toBeUndefined();
  });

  it('remembers a delete for an entity it never held', () => {
    const table = upsertEntity(removeEntity(emptyTable<Thing>(), 5), thing(5, 9));
    expect(table.byId[5]).toBeUndefined();
  });

  it('is idempotent', () => {
    const table = removeEntity(emptyTable<Thing>(), 5);
    expect(removeEntity(table, 5)).toBe(table);
  });
});

describe('removeWhere', () => {
  it('removes every held entity the predicate selects, with tombstones', () => {
    let table = upsertEntities(emptyTable<Thing>(), [
      thing(1, 1, 'a', 1),
      thing(2, 1, 'b', 2),
      thing(3, 1, 'c', 1),
    ]);
    table = removeWhere(table, (t) => t.group === 1);
    expect(names(table)).toEqual(['2:b']);
    expect(upsertEntity(table, thing(1, 2)).byId[1]).toBeUndefined();
  });
});

describe('syncEntities', () => {
  const inGroup1 = (t: Thing) => t.group === 1;

  it('drops held entities of the scope that the snapshot no longer has', () => {
    const table = upsertEntities(emptyTable<Thing>(), [thing(1, 1), thing(2, 1), thing(3, 1, 'other', 2)]);
    const synced = syncEntities(table, [thing(2, 1)], inGroup1, table.clock);
    expect(names(synced)).toEqual(['2:v1', '3:other']);
  });

  it('lets a dropped entity come back (no tombstone)', () => {
    const table = upsertEntity(emptyTable<Thing>(), thing(1, 1));
    const synced = syncEntities(table, [], inGroup1, table.clock);
    expect(upsertEntity(synced, thing(1, 2)).byId[1]?.version).toBe(2);
  });

  it('keeps an entity an event brought in after the request started', () => {
    const before = emptyTable<Thing>();
    const startedAt = before.clock;
    const afterEvent = upsertEntity(before, thing(9, 1));
    const synced = syncEntities(afterEvent, [thing(1, 1)], inGroup1, startedAt);
    expect(names(synced)).toEqual(['1:v1', '9:v1']);
  });

  it('keeps the newer held version over an older snapshot copy', () => {
    const table = upsertEntity(emptyTable<Thing>(), thing(1, 4, 'newer'));
    const synced = syncEntities(table, [thing(1, 3, 'older')], inGroup1, 0);
    expect(synced.byId[1].name).toBe('newer');
  });

  it('does not resurrect an entity deleted while the request was in flight', () => {
    let table = upsertEntity(emptyTable<Thing>(), thing(1, 1));
    const startedAt = table.clock;
    table = removeEntity(table, 1);
    expect(syncEntities(table, [thing(1, 1)], inGroup1, startedAt).byId[1]).toBeUndefined();
  });
});

describe('reviveEntity', () => {
  it('brings back an entity announced again after its deletion, which a late update cannot', () => {
    const deleted = removeEntity(upsertEntity(emptyTable<Thing>(), thing(1, 2)), 1);
    expect(names(upsertEntity(deleted, thing(1, 3)))).toEqual([]);
    const back = reviveEntity(deleted, thing(1, 3, 'back'));
    expect(names(back)).toEqual(['1:back']);
    expect(back.tombstones[1]).toBeUndefined();
  });

  it('is an upsert for an entity that was never deleted', () => {
    const table = upsertEntity(emptyTable<Thing>(), thing(1, 2));
    expect(reviveEntity(table, thing(1, 1))).toBe(table);
    expect(names(reviveEntity(table, thing(2, 1)))).toEqual(['1:v2', '2:v1']);
  });
});
