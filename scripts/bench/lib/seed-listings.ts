import { readFileSync } from 'node:fs';
import path from 'node:path';
import { itemProfessions, type CatalogueItem } from '../../../src-common/catalogue';
import { listingCategory } from '../../../src-common/schemas/listing';
import { projectRoot } from '../../../src-server/lib/project-root';
import { CounterModel } from '../../../src-server/models/counter';
import { ListingModel } from '../../../src-server/models/listing';
import { UserModel } from '../../../src-server/models/user';

function randomOf<T>(list: readonly T[], n: number): T {
  return list[n % list.length];
}

/**
 * Writes `total` listings (of 500 sellers, spread over the catalogue) and their counters straight
 * into the connected database, in batches: the benchmarks' data set.
 */
export async function seedListings(total: number): Promise<void> {
  const catalogue = JSON.parse(
    readFileSync(path.join(projectRoot, 'src-server/catalogue/items.json'), 'utf8'),
  ) as CatalogueItem[];
  const sellers = Array.from({ length: 500 }, (_, i) => ({
    _id: i + 1,
    username: `Trader${i + 1}`,
    usernameLower: `trader${i + 1}`,
    emailVerified: true,
  }));
  await UserModel.collection.insertMany(sellers as never[]);
  const words = ['fresh', 'bulk', 'cheap', 'rare find', 'fast trade', 'ore', 'stack', 'negotiable', 'PM me'];
  const now = Date.now();
  const BATCH = 2000;
  for (let start = 0; start < total; start += BATCH) {
    const docs = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const item = randomOf(catalogue, i * 7919);
      const seller = sellers[i % sellers.length];
      const quantity = 1 + ((i * 31) % 50);
      const price = 1 + ((i * 104729) % 5_000_000);
      const at = new Date(now - (total - i) * 1000);
      docs.push({
        _id: i + 1,
        item: item.Items,
        type: i % 3 === 0 ? 'buy' : 'sell',
        quantity,
        // Current listings carry their stock, so start-up has nothing to migrate (migrations/trades.ts).
        remainingQuantity: quantity,
        status: 'active',
        closedAt: null,
        closedReason: null,
        price,
        totalPrice: price * quantity,
        priceMode: 'Each',
        notes: `${randomOf(words, i)} ${randomOf(words, i * 3 + 1)}`,
        userId: seller._id,
        seller: seller.username,
        sellerAvatar: null,
        userFlags: [],
        IGN: '',
        contactInfo: '',
        category: listingCategory(item),
        episode: item.Episode,
        professions: itemProfessions(item),
        image: item.Image,
        version: 1,
        createdAt: at,
        updatedAt: at,
      });
    }
    await ListingModel.collection.insertMany(docs as never[], { ordered: false });
  }
  await CounterModel.collection.insertMany([
    { _id: 'listings', seq: total },
    { _id: 'users', seq: sellers.length },
  ] as never[]);
}
