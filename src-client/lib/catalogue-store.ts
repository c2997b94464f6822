import { create } from 'zustand';
import type { CatalogueItem, ItemOption } from '../../src-common/catalogue';
import { api } from './api-client';

interface CatalogueState {
  items: CatalogueItem[];
  options: ItemOption[];
  status: 'idle' | 'loading' | 'ready';
  /** The item names for pickers and filters; 'ready' once answered, even by a failure (an empty list). */
  optionsStatus: 'idle' | 'loading' | 'ready';
  loadItems(): Promise<void>;
  loadOptions(): Promise<void>;
}

/** The item catalogue, fetched once. A failed fetch leaves an empty list, silently: pages work without it. */
export const useCatalogue = create<CatalogueState>((set, get) => ({
  items: [],
  options: [],
  status: 'idle',
  optionsStatus: 'idle',
  async loadItems() {
    if (get().items.length) return;
    set({ status: 'loading' });
    const items = await api.get<CatalogueItem[]>('/items').catch(() => []);
    set({ items, status: 'ready' });
  },
  async loadOptions() {
    // A failed fetch left an empty list: a later visit asks again.
    if (get().optionsStatus === 'loading' || get().options.length) return;
    set({ optionsStatus: 'loading' });
    const options = await api.get<ItemOption[]>('/items/meta/names').catch(() => []);
    set({ options, optionsStatus: 'ready' });
  },
}));
