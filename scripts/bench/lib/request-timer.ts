import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The request timer, run by time-requests.ts in a process of its own for a whole benchmark. Each message
 * `{ base, lists }` holds named lists of `{ path, token }`; it asks each list's requests in turn, one at a
 * time, and answers `{ times }`: the milliseconds each took, in arrays under the same names (or
 * `{ error }`). It ends when its parent disconnects.
 *
 * Asks as a browser does (keep-alive, `Accept-Encoding: br, gzip`) and decodes each whole answer, with
 * node:http rather than fetch(): undici's fetch alone took p50 2.0 / p95 7.3 / p99 15.8 ms to get a
 * static 136 KB JSON answer from another process, node:http p50 0.8 / p95 2.5 / p99 4.5 ms (same
 * machine, client on core 1), which would have measured the client more than the server.
 */
type Request = { path: string; token?: string };
interface Job {
  base: string;
  lists: Record<string, Request[]>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: URL, token?: string): Promise<{ status: number; body: Buffer }> {
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
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

async function ask(base: string, { path, token }: Request): Promise<number> {
  const started = performance.now();
  const { status } = await get(new URL(path, base), token);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return performance.now() - started;
}

async function run({ base, lists }: Job): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = {};
  for (const [name, requests] of Object.entries(lists)) {
    // Untimed first: the first requests open the connection and compile this process's code, and each
    // list's first ones the server's code for its route.
    for (const request of requests.slice(0, 20)) await ask(base, request);
    times[name] = [];
    for (const request of requests) times[name].push(await ask(base, request));
  }
  return times;
}

process.on('message', (job: Job) => {
  run(job).then(
    (times) => process.send?.({ times }),
    (err: Error) => process.send?.({ error: err.message }),
  );
});
// Its keep-alive connections would hold it open.
process.on('disconnect', () => process.exit(0));
