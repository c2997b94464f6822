import type { SavedSearch, SavedSearchInputBody } from '../../../src-common/schemas/saved-search';
import { api } from '../../lib/api-client';

/**
 * GET/POST /api/saved-searches, DELETE /api/saved-searches/{id}, and a search's Discord webhook:
 * PUT /api/saved-searches/{id}/webhook, POST /api/saved-searches/{id}/webhook/test.
 */
export const savedSearchesApi = {
  list: () => api.get<{ searches: SavedSearch[] }>('/saved-searches').then((r) => r.searches),
  create: (input: SavedSearchInputBody) => api.post<SavedSearch>('/saved-searches', input),
  remove: (id: number) => api.delete<null>(`/saved-searches/${id}`),
  setWebhook: (id: number, webhookUrl: string | null) =>
    api.put<SavedSearch>(`/saved-searches/${id}/webhook`, { webhookUrl }),
  testWebhook: (id: number) => api.post<{ ok: true }>(`/saved-searches/${id}/webhook/test`),
};
