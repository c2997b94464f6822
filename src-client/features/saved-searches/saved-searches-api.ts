import type { SavedSearch, SavedSearchInputBody } from '../../../src-common/schemas/saved-search';
import { api } from '../../lib/api-client';

/** GET/POST /api/saved-searches, DELETE /api/saved-searches/{id}. */
export const savedSearchesApi = {
  list: () => api.get<{ searches: SavedSearch[] }>('/saved-searches').then((r) => r.searches),
  create: (input: SavedSearchInputBody) => api.post<SavedSearch>('/saved-searches', input),
  remove: (id: number) => api.delete<null>(`/saved-searches/${id}`),
};
