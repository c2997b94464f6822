import type {
  HistoryRange,
  MarketBook,
  MarketHistory,
  MarketOverview,
  MarketPrices,
  MarketSales,
} from '../../../src-common/schemas/market';
import { api } from '../../lib/api-client';

/** The market's REST calls (README, "Market data"). Item names travel URL-encoded. */
const itemPath = (item: string) => `/market/items/${encodeURIComponent(item)}`;

export const marketApi = {
  /** Throws ApiError 404 for an item the catalogue does not have. */
  book: (item: string) => api.get<MarketBook>(itemPath(item)),
  history: (item: string, range: HistoryRange) =>
    api.get<MarketHistory>(`${itemPath(item)}/history`, { query: { range } }),
  overview: () => api.get<MarketOverview>('/market/overview'),
  sales: (item: string) => api.get<MarketSales>(`${itemPath(item)}/sales`),
  prices: (items: readonly string[]) =>
    api.get<MarketPrices>('/market/prices', { query: { items: items.join(',') } }),
};
