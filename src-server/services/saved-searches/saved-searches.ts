import {
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchInput,
} from '../../../src-common/schemas/saved-search';
import { requireCatalogueItems } from '../../catalogue/item-names';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { atomicWrite } from '../../lib/transactions';
import { nextId } from '../../models/counter';
import { SavedSearchModel, type SavedSearchDoc } from '../../models/saved-search';
import { presentSavedSearch } from '../../presenters/saved-search';
import type { IndexedSearch } from '../../read-models/saved-search-index';
import { storedWebhook } from '../webhooks/saved-search-webhooks';

type Deps = Pick<AppDeps, 'publisher'>;

/** What the matching index keeps of a stored search. */
export function indexedSearch(doc: SavedSearchDoc): IndexedSearch {
  const { filters } = presentSavedSearch(doc);
  return {
    id: doc._id,
    userId: doc.userId,
    filters,
    maxUnitPrice: doc.maxUnitPrice ?? null,
    minUnitPrice: doc.minUnitPrice ?? null,
  };
}

/** Every stored search, for the matching index at start-up. */
export async function readAllSavedSearches(): Promise<IndexedSearch[]> {
  const docs = await SavedSearchModel.find({}).lean<SavedSearchDoc[]>();
  return docs.map(indexedSearch);
}

export async function listSavedSearches(userId: number): Promise<SavedSearch[]> {
  const docs = await SavedSearchModel.find({ userId }).lean<SavedSearchDoc[]>();
  return docs.sort((a, b) => a._id - b._id).map(presentSavedSearch);
}

/** Saves a search; it alerts from the next listing write on, on every server process. */
export async function createSavedSearch(
  deps: Deps & Pick<AppDeps, 'catalogue' | 'config'>,
  userId: number,
  input: SavedSearchInput,
): Promise<SavedSearch> {
  const webhook = storedWebhook(deps.config, input.webhookUrl);
  if (input.filters.item !== undefined)
    requireCatalogueItems(deps.catalogue, [input.filters.item], 'filters.item');
  // The count and the insert run under the account's key, so two saves at once cannot pass the limit.
  const doc = await atomicWrite(`saved-searches:${userId}`, async () => {
    if ((await SavedSearchModel.countDocuments({ userId })) >= SAVED_SEARCHES_MAX) {
      throw conflict(`You can have at most ${SAVED_SEARCHES_MAX} saved searches. Delete one first.`);
    }
    const filters = Object.fromEntries(Object.entries(input.filters).filter(([, value]) => value));
    const created = await SavedSearchModel.create({
      _id: await nextId('savedSearches'),
      userId,
      name: input.name,
      filters,
      maxUnitPrice: input.maxUnitPrice,
      minUnitPrice: input.minUnitPrice,
      webhook,
    });
    return created.toObject() as SavedSearchDoc;
  });
  deps.publisher.savedSearchAdded(indexedSearch(doc));
  return presentSavedSearch(doc);
}

/** Deletes one of the caller's searches; someone else's is "not found", as if it did not exist. */
export async function deleteSavedSearch(deps: Deps, userId: number, id: number): Promise<void> {
  const { deletedCount } = await SavedSearchModel.deleteOne({ _id: id, userId });
  if (!deletedCount) throw notFound('saved search');
  deps.publisher.savedSearchRemoved(id);
}
