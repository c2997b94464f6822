import type { Reputation } from '../../../src-common/schemas/reputation';
import { api } from '../../lib/api-client';

/** GET /api/users/{id}/reputation (403 when the trader keeps their stats private). */
export const reputationApi = {
  get: (userId: number) => api.get<Reputation>(`/users/${userId}/reputation`),
};
