import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../../../src-common/schemas/listing';
import { createUser, postListing, TEST_ITEMS } from '../../../tests/helpers/factories';
import { http } from '../../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let server: TestServer;
let api: ReturnType<typeof http>;
/** Listing ids by name, posted in this order (so "new" is the reverse). */
const ids: Record<'leech' | 'fish' | 'rapier' | 'shield' | 'legs', number> = {
  leech: 0,
  fish: 0,
  rapier: 0,
  shield: 0,
  legs: 0,
};

beforeAll(async () => {
  server = await startTestServer();
  api = http(server.url);
  const { token } = await createUser(server.config);
  const post = async (overrides: Record<string, unknown>) =>
    (await postListing(server.url, token, overrides)).id;
  ids.leech = await post({
    item: TEST_ITEMS.plain,
    type: 'sell',
    quantity: 1,
    silver: 5,
    notes: 'Shiny leech',
  });
  ids.fish = await post({
    item: TEST_ITEMS.fish,
    type: 'buy',
    quantity: 10,
    silver: 0,
    copper: 100,
    notes: 'need many',
  });
  ids.rapier = await post({ item: TEST_ITEMS.weapon, type: 'sell', quantity: 2, silver: 0, gold: 1 });
  ids.shield = await post({
    item: TEST_ITEMS.armor,
    type: 'buy',
    quantity: 1,
    silver: 1,
    notes: 'LEECH free',
  });
  ids.legs = await post({ item: 'Angular Bone Legs', type: 'sell', quantity: 50, silver: 0, copper: 1 });
});
afterAll(() => server.stop());

async function browse(query: string): Promise<number[]> {
  const res = await api.get<Listing[]>(`/api/listings${query}`);
  expect(res.status).toBe(200);
  return res.body.map((l) => l.id);
}

describe('GET /api/listings', () => {
  it('returns every listing, newest first, by default', async () => {
    const { leech, fish, rapier, shield, legs } = ids;
    expect(await browse('')).toEqual([legs, shield, rapier, fish, leech]);
  });

  it('returns presented listings', async () => {
    const res = await api.get<Listing[]>('/api/listings');
    expect(res.body[0]).toMatchObject({
      id: ids.legs,
      item: 'Angular Bone Legs',
      totalPrice: 50,
      version: 1,
    });
    expect(res.body[0]).not.toHaveProperty('_id');
  });

  it.each([
    ['new', ['legs', 'shield', 'rapier', 'fish', 'leech']],
    ['old', ['leech', 'fish', 'rapier', 'shield', 'legs']],
    ['asc', ['legs', 'fish', 'shield', 'leech', 'rapier']],
    ['desc', ['rapier', 'leech', 'shield', 'fish', 'legs']],
    // fish and shield both total 1,000 copper: ties go newest first in every order.
    ['totalasc', ['legs', 'shield', 'fish', 'leech', 'rapier']],
    ['totaldesc', ['rapier', 'leech', 'shield', 'fish', 'legs']],
  ] as const)('sorts by %s', async (sort, order) => {
    expect(await browse(`?sort=${sort}`)).toEqual(order.map((name) => ids[name]));
  });

  it('filters by type', async () => {
    expect(await browse('?type=buy')).toEqual([ids.shield, ids.fish]);
    expect(await browse('?type=sell')).toEqual([ids.legs, ids.rapier, ids.leech]);
  });

  it('filters by category: Weapon, Armor, or Other for everything else', async () => {
    expect(await browse('?category=Weapon')).toEqual([ids.rapier]);
    expect(await browse('?category=Armor')).toEqual([ids.legs, ids.shield]);
    expect(await browse('?category=Other')).toEqual([ids.fish, ids.leech]);
  });

  it('filters by episode', async () => {
    expect(await browse('?episode=Hopeport')).toEqual([ids.fish]);
    expect(await browse('?episode=Global')).toEqual([ids.legs]);
    expect(await browse('?episode=Mine%20of%20Mantuban')).toEqual([ids.shield, ids.rapier, ids.leech]);
    expect(await browse('?episode=Crenopolis')).toEqual([]);
  });

  it('filters by any of the item professions', async () => {
    expect(await browse('?profession=Blacksmith')).toEqual([ids.rapier, ids.leech]);
    expect(await browse('?profession=Combat')).toEqual([ids.legs, ids.shield, ids.rapier]);
    expect(await browse('?profession=Fisher')).toEqual([ids.fish]);
  });

  it('searches the start of words in item names, seller names and notes, ignoring case and accents', async () => {
    // The item name "Empty Gas Leech" answers better than notes that mention a leech.
    expect(await browse('?q=leech')).toEqual([ids.leech, ids.shield]);
    expect(await browse('?q=leech&sort=old')).toEqual([ids.leech, ids.shield]);
    expect(await browse('?q=leech&sort=asc')).toEqual([ids.shield, ids.leech]);
    expect(await browse('?q=RAPI')).toEqual([ids.rapier]);
    expect(await browse('?q=apier')).toEqual([]);
    expect(await browse('?q=n%C3%A9ed%20MAN')).toEqual([ids.fish]);
    expect(await browse('?q=many%20need')).toEqual([ids.fish]);
    expect(await browse('?q=many%20leech')).toEqual([]);
    const seller = (await api.get<Listing[]>(`/api/listings?limit=1`)).body[0].seller;
    expect(await browse(`?q=${encodeURIComponent(seller.slice(0, 4).toUpperCase())}`)).toHaveLength(5);
  });

  it('searches text literally, not as a pattern', async () => {
    expect(await browse('?q=.*')).toEqual([]);
    expect(await browse('?q=(')).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await browse('?type=sell&profession=Combat&sort=old')).toEqual([ids.rapier, ids.legs]);
  });

  it('treats an empty parameter as not given', async () => {
    expect(await browse('?type=&category=&sort=&q=')).toHaveLength(5);
  });

  it('pages with limit and offset and gives the total in X-Total-Count', async () => {
    const first = await api.get<Listing[]>('/api/listings?limit=2');
    expect(first.body.map((l) => l.id)).toEqual([ids.legs, ids.shield]);
    expect(first.headers.get('x-total-count')).toBe('5');
    const second = await api.get<Listing[]>('/api/listings?limit=2&offset=2');
    expect(second.body.map((l) => l.id)).toEqual([ids.rapier, ids.fish]);
    expect(second.headers.get('x-total-count')).toBe('5');
    const last = await api.get<Listing[]>('/api/listings?limit=2&offset=4');
    expect(last.body.map((l) => l.id)).toEqual([ids.leech]);
    const beyond = await api.get<Listing[]>('/api/listings?limit=2&offset=10');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe('5');
  });

  it('counts only the matching listings in X-Total-Count', async () => {
    const res = await api.get<Listing[]>('/api/listings?type=buy&limit=1');
    expect(res.body.map((l) => l.id)).toEqual([ids.shield]);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('sends no X-Total-Count without a limit', async () => {
    const res = await api.get('/api/listings');
    expect(res.headers.get('x-total-count')).toBeNull();
  });

  it.each([
    ['type=trade', 'type'],
    ['category=Food', 'category'],
    ['episode=Atlantis', 'episode'],
    ['profession=Wizard', 'profession'],
    ['sort=cheapest', 'sort'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    ['type=buy&type=sell', 'type'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('400 naming the parameter for %s', async (query, field) => {
    const res = await api.get(`/api/listings?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(res.body.error).toMatch(new RegExp(`^${field} `));
  });

  it('ignores parameters it does not know', async () => {
    expect(await browse('?cacheBust=123')).toHaveLength(5);
  });

  it('answers a repeated request identically, and never from before the latest write', async () => {
    const query = '/api/listings?limit=2&sort=new';
    const first = await api.get<Listing[]>(query);
    const again = await api.get<Listing[]>(query);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));

    const { token } = await createUser(server.config);
    const fresh = await postListing(server.url, token, { notes: 'just posted' });
    const after = await api.get<Listing[]>(query);
    expect(after.body[0].id).toBe(fresh.id);
    expect(Number(after.headers.get('x-total-count'))).toBe(Number(first.headers.get('x-total-count')) + 1);

    await api.delete(`/api/listings/${fresh.id}`, token);
    expect((await api.get<Listing[]>(query)).body).toEqual(first.body);
  });

  it('rejects a bad query every time, not only the first', async () => {
    for (let i = 0; i < 2; i++) expect((await api.get('/api/listings?sort=cheapest')).status).toBe(400);
  });
});
