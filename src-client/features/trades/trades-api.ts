import type { FeedbackInput, Trade, TradeStatus } from '../../../src-common/schemas/trade';
import { api, apiRequest } from '../../lib/api-client';

/** How many trades a page of My Trades asks for. */
export const TRADES_PAGE_SIZE = 20;

/** The caller's trades (newest first, paged) and each change a party may make (docs/api.md, trades). */
export const tradesApi = {
  async list(query: {
    status?: TradeStatus;
    listingId?: number;
    offset?: number;
    limit?: number;
  }): Promise<{ trades: Trade[]; total: number }> {
    const { data, headers } = await apiRequest<Trade[]>('GET', '/trades', {
      query: { limit: TRADES_PAGE_SIZE, ...query },
    });
    return { trades: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
  },
  get: (id: number) => api.get<Trade>(`/trades/${id}`),
  confirm: (id: number) => api.post<Trade>(`/trades/${id}/confirm`),
  cancel: (id: number) => api.post<Trade>(`/trades/${id}/cancel`),
  dispute: (id: number, reason: string) => api.post<Trade>(`/trades/${id}/dispute`, { reason }),
  feedback: (id: number, input: FeedbackInput) => api.post<Trade>(`/trades/${id}/feedback`, input),
};
