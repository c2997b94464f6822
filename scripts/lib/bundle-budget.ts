import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { clientDist } from '../../src-server/lib/project-root';
import { firstPaintFiles, type Manifest } from './chunk-graph';

/** Gzipped JavaScript a first visit to /alllistings may fetch before it paints. */
export const FIRST_PAINT_BUDGET_BYTES = 150 * 1024;
export const FIRST_PAINT_ROUTE = 'app/routes/all-listings.tsx';

/** The build's manifest, or null when the client has not been built into `dist`. */
export function readManifest(dist = clientDist): Manifest | null {
  try {
    return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Gzipped sizes of built files, each read and compressed once. */
export function gzipSizer(dist = clientDist): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

/** The files the first paint of /alllistings needs, with their gzipped sizes and total. */
export function firstPaint(manifest: Manifest, gzipped: (file: string) => number) {
  const files = firstPaintFiles(manifest, FIRST_PAINT_ROUTE).map((file) => ({ file, bytes: gzipped(file) }));
  return { files, total: files.reduce((sum, { bytes }) => sum + bytes, 0) };
}
