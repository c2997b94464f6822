import { readFileSync } from 'node:fs';
import path from 'node:path';

const START = /\bexec node((?: --[\w-]+(?:=\S+)?)*) dist\/server\/main\.js$/;

/**
 * The Node options `npm start` runs the compiled server with (package.json's `start` script), so that
 * whatever else starts it (the benchmarks) runs it the same way. The Dockerfile's CMD gives the same
 * ones; scripts/deploy/deploy-config.test.ts checks that they agree.
 */
export function startNodeOptions(root = process.cwd()): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const options = START.exec(pkg.scripts.start);
  if (!options)
    throw new Error(`package.json's start script does not run dist/server/main.js: ${pkg.scripts.start}`);
  return options[1].split(' ').filter(Boolean);
}
