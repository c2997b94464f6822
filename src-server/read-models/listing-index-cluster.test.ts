import { describe, expect, it } from 'vitest';
import type { Listing } from '../../src-common/schemas/listing';
import { createUser, postListing } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { useTwoServerProcesses } from '../../tests/helpers/two-processes';
import { ListingModel } from '../models/listing';
import { reconcileReadModels } from './load-read-models';

const cluster = useTwoServerProcesses();

async function browse(base: string, query: string) {
  const res = await http(base).get<Listing[]>(`/api/listings?${query}`);
  return { ids: res.body.map((l) => l.id), total: Number(res.headers.get('x-total-count')) };
}

describe('listing index with several server processes', () => {
  it('a listing posted, edited and deleted on one process is browsed the same on the other, page by page', async () => {
    const { token } = await createUser(cluster.server.config);
    const tag = `relay${Date.now().toString(36)}`;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await postListing(cluster.server.url, token, { notes: `${tag} ${i}` })).id);
    const pages = async (base: string) => [
      await browse(base, `q=${tag}&limit=2`),
      await browse(base, `q=${tag}&limit=2&offset=2`),
      await browse(base, `q=${tag}&limit=2&offset=4`),
    ];
    await expect.poll(() => pages(cluster.otherUrl)).toEqual(await pages(cluster.server.url));

    await http(cluster.server.url).put(
      `/api/listings/${ids[4]}`,
      {
        item: 'Empty Gas Leech',
        type: 'sell',
        quantity: 1,
        silver: 1,
        priceMode: 'Each',
        notes: 'no longer tagged',
      },
      token,
    );
    await http(cluster.server.url).delete(`/api/listings/${ids[1]}`, token);
    const expected = await pages(cluster.server.url);
    expect(expected.map((p) => p.total)).toEqual([3, 3, 3]);
    await expect.poll(() => pages(cluster.otherUrl)).toEqual(expected);
  });

  it('reconciling with the database catches up changes no relay carried, and keeps newer ones', async () => {
    const { token } = await createUser(cluster.server.config);
    const tag = `lost${Date.now().toString(36)}`;
    const [edited, gone] = [
      await postListing(cluster.server.url, token, { notes: `${tag} a` }),
      await postListing(cluster.server.url, token, { notes: `${tag} b` }),
    ];
    // Written behind the processes' backs, as if the relays of another process were lost.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await ListingModel.collection.updateOne(
      { _id: edited.id as never },
      { $set: { notes: 'changed elsewhere' }, $inc: { version: 1 } },
    );
    await ListingModel.collection.updateOne(
      { _id: gone.id as never },
      { $set: { updatedAt: hourAgo }, $inc: { version: 1 } },
    );
    await reconcileReadModels(cluster.server.deps);
    expect(await browse(cluster.server.url, `q=changed%20elsewhere&limit=10`)).toEqual({
      ids: [edited.id],
      total: 1,
    });
    expect(await browse(cluster.server.url, `q=${tag}&limit=10`)).toEqual({ ids: [gone.id], total: 1 });

    // A deletion is caught up too (its listing had not changed lately); a listing posted since stays.
    await ListingModel.collection.deleteOne({ _id: gone.id as never });
    const startedMeanwhile = await postListing(cluster.server.url, token, { notes: `${tag} c` });
    await reconcileReadModels(cluster.server.deps);
    expect(await browse(cluster.server.url, `q=${tag}&limit=10`)).toEqual({
      ids: [startedMeanwhile.id],
      total: 1,
    });
    expect(await browse(cluster.server.url, `q=changed%20elsewhere&limit=10`)).toEqual({
      ids: [edited.id],
      total: 1,
    });
  });

  it('reconciling reads again only the listings that diverged, and nothing when none did', async () => {
    const { token } = await createUser(cluster.server.config);
    const tag = `diverged${Date.now().toString(36)}`;
    const [kept, lost] = [
      await postListing(cluster.server.url, token, { notes: `${tag} kept` }),
      await postListing(cluster.server.url, token, { notes: `${tag} lost` }),
    ];
    expect((await reconcileReadModels(cluster.server.deps)).listings).toEqual({ fetched: 0, removed: 0 });

    // One edit whose relay was lost: only its listing is read again.
    await ListingModel.collection.updateOne(
      { _id: lost.id as never },
      { $set: { notes: `${tag} repaired` }, $inc: { version: 1 } },
    );
    expect((await reconcileReadModels(cluster.server.deps)).listings).toEqual({ fetched: 1, removed: 0 });
    expect(await browse(cluster.server.url, `q=${tag}%20repaired&limit=10`)).toEqual({
      ids: [lost.id],
      total: 1,
    });
    expect(await browse(cluster.server.url, `q=${tag}&limit=10`)).toEqual({
      ids: [lost.id, kept.id],
      total: 2,
    });
    expect((await reconcileReadModels(cluster.server.deps)).listings).toEqual({ fetched: 0, removed: 0 });
  });
});
