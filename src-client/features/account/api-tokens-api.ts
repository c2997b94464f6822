import type { ApiToken, ApiTokenCreated, ApiTokenInputBody } from '../../../src-common/schemas/api-token';
import { api } from '../../lib/api-client';

/** Personal access tokens (GET/POST /api/auth/tokens, DELETE /api/auth/tokens/{id}). */
export const apiTokensApi = {
  list: () => api.get<{ tokens: ApiToken[] }>('/auth/tokens').then((r) => r.tokens),
  create: (input: ApiTokenInputBody) => api.post<ApiTokenCreated>('/auth/tokens', input),
  revoke: (id: number) => api.delete<null>(`/auth/tokens/${id}`),
};
