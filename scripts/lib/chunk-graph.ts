/** One entry of Vite's build manifest (dist/client/.vite/manifest.json), the fields we read. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The chunk keys a browser must fetch before `key` can run: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('The manifest has no entry chunk; was the client built?');
  return key;
}

/** The lazily loaded route modules (app/routes/*), by source path. */
export function routeKeys(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k.includes('/routes/'))
    .sort();
}

/** JavaScript files needed to paint a route: the entry's closure plus the route chunk's closure. */
export function firstPaintFiles(manifest: Manifest, routeKey: string): string[] {
  const keys = staticClosure(manifest, routeKey, staticClosure(manifest, entryKey(manifest)));
  return [...keys].map((k) => manifest[k].file).sort();
}

/** JavaScript a route adds on top of what the entry already loaded. */
export function routeOnlyFiles(manifest: Manifest, routeKey: string): string[] {
  const shared = staticClosure(manifest, entryKey(manifest));
  return [...staticClosure(manifest, routeKey)]
    .filter((k) => !shared.has(k))
    .map((k) => manifest[k].file)
    .sort();
}
