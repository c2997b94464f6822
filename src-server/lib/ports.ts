import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once something accepts TCP connections on the port; rejects on timeout or when `abort` settles. */
export async function waitForPort(
  port: number,
  opts: { timeoutMs: number; abort?: Promise<unknown> },
): Promise<void> {
  let aborted = false;
  opts.abort?.then(() => (aborted = true));
  const deadline = Date.now() + opts.timeoutMs;
  while (Date.now() < deadline) {
    if (aborted) throw new Error('process exited before it listened');
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listened on port ${port} within ${opts.timeoutMs} ms`);
}
