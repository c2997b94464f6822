import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  itemSortFromSearch,
  LISTING_VIEW_STORAGE_KEY,
  rememberView,
  storedView,
  viewFromSearch,
} from './listing-view';

function stubStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  });
  return data;
}

afterEach(() => vi.unstubAllGlobals());

describe('the listing view', () => {
  it('is what the URL names, whatever was remembered', () => {
    expect(viewFromSearch(new URLSearchParams('view=items'), () => 'list')).toBe('items');
    expect(viewFromSearch(new URLSearchParams('q=ore&view=cards'), () => 'list')).toBe('cards');
  });

  it('without a view in the URL, or an unknown one, is the one remembered', () => {
    expect(viewFromSearch(new URLSearchParams('q=ore'), () => 'list')).toBe('list');
    expect(viewFromSearch(new URLSearchParams('view=table'), () => 'items')).toBe('items');
  });

  it('is remembered in localStorage under its key and read back', () => {
    const data = stubStorage();
    expect(storedView()).toBe('cards');
    rememberView('list');
    expect(data.get(LISTING_VIEW_STORAGE_KEY)).toBe('list');
    expect(storedView()).toBe('list');
    expect(viewFromSearch(new URLSearchParams())).toBe('list');
  });

  it('falls back to cards when the stored value is unknown or storage is refused', () => {
    stubStorage({ [LISTING_VIEW_STORAGE_KEY]: 'grid' });
    expect(storedView()).toBe('cards');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(storedView()).toBe('cards');
    expect(() => rememberView('items')).not.toThrow();
  });
});

describe('the by-item order', () => {
  it("is the URL's itemSort when it names one, else newest first", () => {
    expect(itemSortFromSearch(new URLSearchParams('itemSort=ask'))).toBe('ask');
    expect(itemSortFromSearch(new URLSearchParams('itemSort=price'))).toBe('new');
    expect(itemSortFromSearch(new URLSearchParams('itemSort=toString'))).toBe('new');
    expect(itemSortFromSearch(new URLSearchParams())).toBe('new');
  });
});
