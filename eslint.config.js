import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import path from 'node:path';

// Client features never import each other (pages in src-client/app compose them), and the shared kits in
// src-client/lib and src-client/components never import a feature.
const clientFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'src-client/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...clientFeatures.map((feature) => ({
    target: `./src-client/features/${feature}`,
    from: './src-client/features',
    except: [`./${feature}`],
    message:
      'A feature cannot import another: move what both need to lib/ or components/, or compose them in a page.',
  })),
  ...['lib', 'components'].map((kit) => ({
    target: `./src-client/${kit}`,
    from: './src-client/features',
    message: 'The shared kits cannot import a feature: pass what they need in, or move it here.',
  })),
];

// A comment states its rule or reason itself: the reader cannot open a document kept outside the repository
// (a requirements text, a task note, a tracker entry). The OpenAPI document is served by the app, so it may
// be named; test file names and words that merely contain these ("specific", "briefly") pass.
const ABSENT_DOCUMENTS = [
  /(?<!openapi )(?<![\w.-])specs?(?![\w.-])/iu,
  /\bBRIEF\b|\bbrief\.md\b/u,
  /\b(?:issues?|tickets?|PR|pull requests?) #?\d+/iu,
  /\bwork[- ]orders?\b/iu,
];
const commentsPlugin = {
  rules: {
    'no-absent-documents': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: {
          cited: 'This comment cites "{{cited}}", which is not in the repository: state the reason itself.',
        },
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const cited = ABSENT_DOCUMENTS.map((pattern) => pattern.exec(comment.value)?.[0]).find(Boolean);
              if (cited) context.report({ loc: comment.loc, messageId: 'cited', data: { cited } });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.cache',
      'test-results',
      'screenshots',
      '.venv',
      'scripts/examples/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src-client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Imports point one way: no module reaches itself again through its imports, the server never leans
    // on the development scripts (they may import the server, not the other way round), and the client's
    // features stand apart (clientZones).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src-server',
              from: './scripts',
              message: 'The server cannot import the scripts: move what both need under src-server/.',
            },
            ...clientZones,
          ],
        },
      ],
    },
  },
  {
    // A test file is imported by nothing, so no cycle runs through it; skipping them spares the rule's
    // walk of the graph from each (a quarter of the rule's time).
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Core no-warning-comments matches literal words only: it cannot tell a tracker's numbered entry from a
    // zod issue, nor a test file's name from the word it contains.
    files: ['**/*.{js,ts,tsx}'],
    plugins: { comments: commentsPlugin },
    rules: { 'comments/no-absent-documents': 'error' },
  },
);
