/**
 * Node's arguments for compiling the server into `outdir` (scripts/build-server.ts), for those that build
 * a copy of their own beside dist/server: the integration tests, each end-to-end app, a benchmark.
 */
export const buildServerArgs = (outdir: string): string[] => [
  '--import',
  'tsx',
  'scripts/build-server.ts',
  '--outdir',
  outdir,
];
