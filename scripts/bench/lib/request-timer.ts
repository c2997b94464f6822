import { readFileSync } from 'node:fs';

/**
 * `request-timer.ts <base url> <requests.json>`: asks each `{ path, token }` of the file in turn and
 * prints the milliseconds each took, as a JSON array. Run by time-requests.ts in a process of its own.
 */
const [base, file] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(file, 'utf8')) as { path: string; token?: string }[];

async function ask({ path, token }: { path: string; token?: string }): Promise<number> {
  const started = performance.now();
  const res = await fetch(base + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - started;
}

// Untimed first: this process's own first requests open the connection and compile the client code.
for (const request of requests.slice(0, 20)) await ask(request);
const times: number[] = [];
for (const request of requests) times.push(await ask(request));
process.stdout.write(JSON.stringify(times));
