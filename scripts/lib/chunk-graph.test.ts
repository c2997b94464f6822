import { describe, expect, it } from 'vitest';
import { firstPaintFiles, routeKeys, routeOnlyFiles, staticClosure, type Manifest } from './chunk-graph';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['app/routes/all-listings.tsx', 'app/routes/post-listing.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_cards.js': { file: 'assets/cards.js', imports: ['_vendor.js'] },
  '_picker.js': { file: 'assets/picker.js', imports: ['_cards.js'] },
  'app/routes/all-listings.tsx': {
    file: 'assets/all-listings.js',
    isDynamicEntry: true,
    imports: ['index.html', '_cards.js'],
  },
  'app/routes/post-listing.tsx': {
    file: 'assets/post-listing.js',
    isDynamicEntry: true,
    imports: ['index.html', '_picker.js'],
  },
  'features/heavy.ts': { file: 'assets/heavy.js', isDynamicEntry: true },
};

describe('bundle chunk graph', () => {
  it('follows static imports transitively, once each, ignoring dynamic ones', () => {
    expect([...staticClosure(manifest, 'app/routes/post-listing.tsx')].sort()).toEqual([
      '_cards.js',
      '_picker.js',
      '_vendor.js',
      'app/routes/post-listing.tsx',
      'index.html',
    ]);
  });

  it('lists only route modules as routes', () => {
    expect(routeKeys(manifest)).toEqual(['app/routes/all-listings.tsx', 'app/routes/post-listing.tsx']);
  });

  it('counts the entry, its imports and the route with its imports for a first paint', () => {
    expect(firstPaintFiles(manifest, 'app/routes/all-listings.tsx')).toEqual([
      'assets/all-listings.js',
      'assets/cards.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
  });

  it('attributes to a route only what the entry does not already load', () => {
    expect(routeOnlyFiles(manifest, 'app/routes/post-listing.tsx')).toEqual([
      'assets/cards.js',
      'assets/picker.js',
      'assets/post-listing.js',
    ]);
  });
});
