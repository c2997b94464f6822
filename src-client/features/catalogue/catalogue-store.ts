import { create } from 'zustand';
import type { CatalogueItem, ItemOption } from '../../../src-common/catalogue';
import { api } from '../../lib/api-client';

interface CatalogueState {
  items: CatalogueItem[];
  options: ItemOption[];
  status: 'idle' | 'loading' | 'ready';
  loadItems(): Promise<void>;
  loadOptions(): Promise<void>;
}

/** The item catalogue, fetched once. A failed fetch leaves an empty list, silently (spec section 8). */
export const useCatalogue = create<CatalogueState>((set, get) => ({
  items: [],
  options: [],
  status: 'idle',
  async loadItems() {
    if (get().items.length) return;
    set({ status: 'loading' });
    const items = await api.get<CatalogueItem[]>('/items').catch(() => []);
    set({ items, status: 'ready' });
  },
  async loadOptions() {
    if (get().options.length) return;
    const options = await api.get<ItemOption[]>('/items/meta/names').catch(() => []);
    set({ options });
  },
}));
