import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src-server/lib/project-root';
import { createUser, postListing, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { botPython, ensurePythonBotEnv } from './python-env';

let server: TestServer;
let api: ReturnType<typeof http>;
const running: ChildProcess[] = [];

beforeAll(async () => {
  // npm test sets it up before vitest starts; this covers a run of this file alone.
  ensurePythonBotEnv();
  server = await startTestServer();
  api = http(server.url);
});
afterAll(async () => {
  for (const child of running) child.kill('SIGTERM');
  await server?.stop();
});

const BOTS = {
  'scripts/examples/realtime-bot.ts': (args: string[]) => [
    'node',
    ['--import', 'tsx', 'scripts/examples/realtime-bot.ts', ...args],
  ],
  'scripts/examples/python_bot.py': (args: string[]) => [
    botPython,
    ['scripts/examples/python_bot.py', ...args],
  ],
} as const;

/** Runs a bot and hands out its stdout line by line, waiting for the line that matches. */
function startBot(name: keyof typeof BOTS, token: string, args: string[]) {
  const [command, argv] = BOTS[name](args) as [string, string[]];
  const child = spawn(command, argv, { cwd: projectRoot, env: { ...process.env, BSM_TOKEN: token } });
  running.push(child);
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters.splice(0)) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    lines,
    exited,
    async waitFor(pattern: RegExp): Promise<string> {
      for (;;) {
        const found = lines.find((line) => pattern.test(line));
        if (found) return found;
        const more = new Promise<void>((resolve) => waiters.push(resolve));
        const ended = exited.then((code) => {
          throw new Error(`${name} exited (${code}) before ${pattern}: ${lines.join(' | ')} ${stderr}`);
        });
        await Promise.race([more, ended]);
      }
    },
  };
}

async function tokenFor(user: TestUser, scopes: string[]): Promise<{ secret: string; id: number }> {
  const res = await api.post('/api/auth/tokens', { name: 'example bot', scopes }, user.token);
  return { secret: res.body.secret, id: res.body.token.id };
}

describe.each(Object.keys(BOTS) as Array<keyof typeof BOTS>)('%s', (name) => {
  it('connects with a token, watches a listing, makes an offer and prints the live events', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const listing = await postListing(server.url, seller.token, { quantity: 3 });
    const token = await tokenFor(buyer, ['read', 'trade']);

    const bot = startBot(name, token.secret, [
      '--url',
      server.url,
      '--watch',
      String(listing.id),
      '--offer',
      '500',
      '--quantity',
      '2',
    ]);
    await bot.waitFor(/^connected$/);
    await bot.waitFor(new RegExp(`^watching #${listing.id}$`));
    const made = await bot.waitFor(/^offer made #\d+ 500c for 2$/);
    const offerId = Number(/#(\d+)/.exec(made)![1]);
    await bot.waitFor(new RegExp(`^offer #${offerId} 500c by ${buyer.username}$`));

    expect((await api.put(`/api/offers/${offerId}`, { action: 'accept' }, seller.token)).status).toBe(200);
    await bot.waitFor(new RegExp(`^offer #${offerId} accepted$`));
    await bot.waitFor(/^notice offer_accepted: /);
    await bot.waitFor(new RegExp(`^listing #${listing.id} active, 1 left$`));

    // Revoking the token ends the bot's connection.
    expect((await api.delete(`/api/auth/tokens/${token.id}`, buyer.token)).status).toBe(204);
    await bot.waitFor(/^disconnected: /);
  });

  it('reports the refusal when its token lacks the trade scope', async () => {
    const seller = await createUser(server.config);
    const reader = await createUser(server.config);
    const listing = await postListing(server.url, seller.token);
    const token = await tokenFor(reader, ['read']);
    const bot = startBot(name, token.secret, [
      '--url',
      server.url,
      '--watch',
      String(listing.id),
      '--offer',
      '10',
    ]);
    await bot.waitFor(/^offer refused 403 TOKEN_SCOPE: This API token does not have the trade scope\.$/);
  });
});
