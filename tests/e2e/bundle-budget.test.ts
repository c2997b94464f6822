import { expect, it } from 'vitest';
import {
  FIRST_PAINT_BUDGET_BYTES,
  firstPaint,
  gzipSizer,
  readManifest,
} from '../../scripts/lib/bundle-budget';

// Reads the client the end-to-end set-up has just built (what these tests load), so it costs no build.
it('keeps the JavaScript of the first paint of /alllistings within its gzipped budget', () => {
  const manifest = readManifest();
  expect(manifest, 'dist/client has no build manifest').not.toBeNull();
  const { files, total } = firstPaint(manifest!, gzipSizer());
  const listing = files.map(({ file, bytes }) => `${(bytes / 1024).toFixed(1)} KB ${file}`).join('\n');
  expect(total, `first paint (npm run size explains it):\n${listing}`).toBeLessThanOrEqual(
    FIRST_PAINT_BUDGET_BYTES,
  );
});
