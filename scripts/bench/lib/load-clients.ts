import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { wallNow } from './stats';

/**
 * The load generator, run as a separate process (pinned to its own core by the orchestrator).
 * It connects N clients, round-robin over the given URLs, and records when each event reaches each
 * client, keyed by the event's marker (the listing's `notes`).
 */
interface Start {
  kind: 'start';
  mode: 'socket.io' | 'ws';
  urls: string[];
  clients: number;
}
type Message = Start | { kind: 'report' } | { kind: 'stop' };

const received = new Map<string, number[]>();
const sockets: Array<Socket | WebSocket> = [];

function record(marker: string) {
  const at = wallNow();
  let times = received.get(marker);
  if (!times) received.set(marker, (times = []));
  times.push(at);
}

function markerOf(data: { listing?: { notes?: string } }): string {
  return data.listing?.notes ?? '';
}

function connectSocketIo(url: string): Promise<void> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  socket.on('listing:created', (payload: { listing: { notes: string } }) => record(markerOf(payload)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function connectWs(url: string): Promise<void> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), { perMessageDeflate: false });
  sockets.push(socket);
  socket.on('message', (data) => record(markerOf(JSON.parse(data.toString()))));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
}

async function start(message: Start) {
  const connect = message.mode === 'ws' ? connectWs : connectSocketIo;
  const BATCH = 200;
  for (let i = 0; i < message.clients; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(message.clients, i + BATCH); j++)
      batch.push(connect(message.urls[j % message.urls.length]));
    await Promise.all(batch);
  }
  process.send?.({ kind: 'ready' });
}

process.on('message', (message: Message) => {
  if (message.kind === 'start') {
    start(message).catch((err) => {
      process.send?.({ kind: 'error', error: String(err) });
    });
  } else if (message.kind === 'report') {
    process.send?.({ kind: 'report', received: Object.fromEntries(received) });
    received.clear();
  } else {
    for (const socket of sockets) {
      if (socket instanceof WebSocket) socket.terminate();
      else socket.close();
    }
    process.exit(0);
  }
});
