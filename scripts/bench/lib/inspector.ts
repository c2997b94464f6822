import WebSocket from 'ws';

/**
 * Memory of a Node process started with --inspect, after a full garbage collection, asked through the
 * inspector protocol: the only way to weigh idle connections without GC timing noise and without
 * adding a debug hook to the server itself.
 */
export async function memoryAfterGc(inspectPort: number): Promise<{ heapKb: number; rssKb: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { value?: string } }>((resolve) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as {
          id?: number;
          result?: { result?: { value?: string } };
        };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  const answer = await call('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  socket.close();
  const usage = JSON.parse(answer.result?.value ?? '{}') as {
    heapUsed: number;
    external: number;
    rss: number;
  };
  return { heapKb: (usage.heapUsed + usage.external) / 1024, rssKb: usage.rss / 1024 };
}
