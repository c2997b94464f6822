import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { projectRoot } from '../../src-server/lib/project-root';
import { botPython } from './python-env';

/**
 * The example bots' API clients, generated from a running server's /api/openapi.json as a bot author
 * outside this repository would: TypeScript types by openapi-typescript (used through openapi-fetch)
 * and a Python package by openapi-python-client. They land in scripts/examples/generated/ (git-ignored),
 * so they are always those of the document being served:
 *   node --import tsx scripts/examples/generate-clients.ts --url http://localhost:3000
 */
export const GENERATED_DIR = path.join(projectRoot, 'scripts/examples/generated');
/** What realtime-bot.ts imports its types from. */
export const TYPESCRIPT_CLIENT = path.join(GENERATED_DIR, 'marketplace-api.d.ts');
/** The package python_bot.py imports (`marketplace_api`). */
export const PYTHON_CLIENT = path.join(GENERATED_DIR, 'marketplace_api');

const documentUrl = (serverUrl: string) => new URL('/api/openapi.json', serverUrl);

export async function generateTypeScriptClient(serverUrl: string): Promise<string> {
  const ast = await openapiTS(documentUrl(serverUrl));
  mkdirSync(GENERATED_DIR, { recursive: true });
  writeFileSync(TYPESCRIPT_CLIENT, COMMENT_HEADER + astToString(ast));
  return TYPESCRIPT_CLIENT;
}

/**
 * Runs openapi-python-client from the bots' virtual environment (scripts/examples/requirements.txt).
 * Asynchronous on purpose: the server it reads may be running in this very process.
 */
export function generatePythonClient(serverUrl: string): Promise<string> {
  const cli = path.join(path.dirname(botPython), 'openapi-python-client');
  const args = [
    'generate',
    ['--url', documentUrl(serverUrl).href],
    // The package alone, without a pyproject around it: the bot puts generated/ on its import path.
    ['--meta', 'none'],
    ['--output-path', PYTHON_CLIENT],
    ['--config', path.join(projectRoot, 'scripts/examples/python-client.yaml')],
    '--overwrite',
  ].flat();
  mkdirSync(GENERATED_DIR, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(cli, args, { cwd: projectRoot });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      // It exits 0 even when it had to leave endpoints out; those are reported as warnings.
      if (code === 0 && !/warning/i.test(output)) resolve(PYTHON_CLIENT);
      else reject(new Error(`openapi-python-client failed (${code}):\n${output}`));
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--url');
  const url = i >= 0 ? process.argv[i + 1] : 'http://localhost:3000';
  console.log(await generateTypeScriptClient(url!));
  console.log(await generatePythonClient(url!));
}
