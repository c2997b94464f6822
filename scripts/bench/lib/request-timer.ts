import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * `request-timer.ts <base url> <requests.json>`: the file holds named lists of `{ path, token }`; asks
 * each list's requests in turn and prints the milliseconds each took, as a JSON object of arrays under
 * the same names. Run by time-requests.ts in a process of its own.
 *
 * Asks as a browser does (keep-alive, `Accept-Encoding: br, gzip`) and decodes each whole answer, with
 * node:http rather than fetch(): undici's fetch alone took p50 2.0 / p95 7.3 / p99 15.8 ms to get a
 * static 136 KB JSON answer from another process, node:http p50 0.8 / p95 2.5 / p99 4.5 ms (same
 * machine, client on core 1), which would have measured the client more than the server.
 */
const [base, file] = process.argv.slice(2);
type Request = { path: string; token?: string };
const lists = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Request[]>;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(path: string, token?: string): Promise<{ status: number; body: Buffer }> {
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, base), { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body });
        });
      })
      .on('error', reject);
  });
}

async function ask({ path, token }: Request): Promise<number> {
  const started = performance.now();
  const { status } = await get(path, token);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return performance.now() - started;
}

const times: Record<string, number[]> = {};
for (const [name, requests] of Object.entries(lists)) {
  // Untimed first: this process's own first requests open the connection and compile the client code,
  // and each list's first ones the server's code for its route.
  for (const request of requests.slice(0, 20)) await ask(request);
  times[name] = [];
  for (const request of requests) times[name].push(await ask(request));
}
process.stdout.write(JSON.stringify(times));
