import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no package.json above ${from}`);
  }
}

/**
 * The project's root (the nearest folder with package.json above this module). Files the server reads
 * at run time (the catalogue, the built client) are found from here, so they resolve the same from the
 * TypeScript sources (src-server/lib/) and from the compiled bundle (dist/server/main.js).
 */
export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Where `vite build` writes the client, which the server serves. */
export const clientDist = path.join(projectRoot, 'dist', 'client');
