import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API server (restarting on change, with the embedded database and mail catcher
 * unless configured otherwise) and Vite's dev server with hot reload, which proxies /api and
 * /socket.io to it. Open http://localhost:5173 (VITE_PORT).
 */
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-preserve-output', 'src-server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  // Vite's own entry, not npx, so stopping this process stops Vite too.
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
