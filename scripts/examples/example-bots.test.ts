import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src-server/lib/project-root';
import { createUser, postListing, TEST_ITEMS, type TestUser } from '../../tests/helpers/factories';
import { http } from '../../tests/helpers/http';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { generatePythonClient, generateTypeScriptClient } from './generate-clients';
import { botPython, ensurePythonBotEnv } from './python-env';

let server: TestServer;
let api: ReturnType<typeof http>;
const running: ChildProcess[] = [];

beforeAll(async () => {
  // npm test sets it up before vitest starts; this covers a run of this file alone.
  ensurePythonBotEnv();
  server = await startTestServer();
  api = http(server.url);
  // The bots' clients, generated from the document this server serves, as a bot author would.
  await Promise.all([generateTypeScriptClient(server.url), generatePythonClient(server.url)]);
}, 120_000);
afterAll(async () => {
  for (const child of running) child.kill('SIGTERM');
  await server?.stop();
});

/** Items only the --item cases list, one pair per bot, so no case finds another's listings. */
const ITEMS = {
  'scripts/examples/realtime-bot.ts': { market: 'Feast Worms', live: 'Red Worms' },
  'scripts/examples/python_bot.py': { market: 'Pine Needle Worms', live: 'Squirm Worms' },
};

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

describe('the generated TypeScript client', () => {
  it('types the example bot: tsc --strict compiles it against the types of /api/openapi.json', async () => {
    const tsc = path.join(projectRoot, 'node_modules/typescript/bin/tsc');
    const compile = promisify(execFile)(
      process.execPath,
      [
        tsc,
        '--strict',
        '--noEmit',
        '--skipLibCheck',
        ...['--target', 'ES2023', '--module', 'ESNext', '--moduleResolution', 'Bundler', '--types', 'node'],
        'scripts/examples/realtime-bot.ts',
      ],
      { cwd: projectRoot },
    );
    // tsc prints its errors on stdout.
    await expect(
      compile.catch((err: { stdout: string }) => Promise.reject(err.stdout)),
    ).resolves.toBeDefined();
  }, 60_000);
});

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

  it('with --item, offers on the cheapest sell listing of the item that has enough left', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const item = ITEMS[name].market;
    const sell = (copper: number, quantity: number) =>
      postListing(server.url, seller.token, { item, quantity, silver: 0, copper });
    await sell(900, 5);
    await sell(300, 1);
    const cheapest = await sell(600, 3);
    await postListing(server.url, seller.token, { item, type: 'buy', quantity: 5, silver: 0, copper: 100 });
    const token = await tokenFor(buyer, ['read', 'trade']);

    const bot = startBot(name, token.secret, [
      '--url',
      server.url,
      '--item',
      item,
      '--offer',
      '1000',
      '--quantity',
      '2',
    ]);
    await bot.waitFor(new RegExp(`^found #${cheapest.id} 600c each, 3 left$`));
    await bot.waitFor(new RegExp(`^watching #${cheapest.id}$`));
    const made = await bot.waitFor(/^offer made #\d+ 1000c for 2$/);
    const offerId = Number(/#(\d+)/.exec(made)![1]);
    const offers = await api.get(`/api/offers/listing/${cheapest.id}`, seller.token);
    expect(offers.body).toEqual([expect.objectContaining({ id: offerId, offer_amount: 1000, quantity: 2 })]);
  });

  it('with --item and nothing listed, waits for a sell listing of the item and offers on it', async () => {
    const seller = await createUser(server.config);
    const buyer = await createUser(server.config);
    const item = ITEMS[name].live;
    const token = await tokenFor(buyer, ['read', 'trade']);

    const bot = startBot(name, token.secret, ['--url', server.url, '--item', item, '--offer', '700']);
    await bot.waitFor(new RegExp(`^waiting for a sell listing of ${item}$`));
    await postListing(server.url, seller.token, { item, type: 'buy', silver: 0, copper: 100 });
    await postListing(server.url, seller.token, { item: TEST_ITEMS.plain, silver: 0, copper: 200 });
    const listing = await postListing(server.url, seller.token, {
      item,
      quantity: 4,
      silver: 0,
      copper: 250,
    });
    await bot.waitFor(new RegExp(`^found #${listing.id} 250c each, 4 left$`));
    await bot.waitFor(new RegExp(`^watching #${listing.id}$`));
    await bot.waitFor(/^offer made #\d+ 700c for 4$/);
    expect(bot.lines.filter((line) => line.startsWith('found'))).toHaveLength(1);
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
