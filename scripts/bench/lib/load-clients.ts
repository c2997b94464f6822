import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { wallNow } from './stats';

/**
 * The load generator, run as a separate process (pinned to its own core by the orchestrator) for the
 * whole benchmark. It connects N clients, round-robin over the given URLs, and records when each event
 * reaches each client, keyed by the event's marker (the listing's `notes`), until told to close them
 * and connect the next N.
 */
interface Start {
  kind: 'start';
  mode: 'socket.io' | 'ws';
  urls: string[];
  clients: number;
}
/** Report what was received once `expected` events have arrived in all, or after `timeoutMs`. */
interface Report {
  kind: 'report';
  expected: number;
  timeoutMs: number;
}
type Message = Start | Report | { kind: 'close' } | { kind: 'exit' };

const received = new Map<string, number[]>();
let receivedCount = 0;
let sockets: Array<Socket | WebSocket> = [];
let awaited: { expected: number; timer: NodeJS.Timeout } | null = null;

function report() {
  if (awaited) clearTimeout(awaited.timer);
  awaited = null;
  process.send?.({ kind: 'report', received: Object.fromEntries(received) });
  received.clear();
  receivedCount = 0;
}

function record(marker: string) {
  const at = wallNow();
  let times = received.get(marker);
  if (!times) received.set(marker, (times = []));
  times.push(at);
  receivedCount += 1;
  if (awaited && receivedCount >= awaited.expected) report();
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
    awaited = { expected: message.expected, timer: setTimeout(report, message.timeoutMs) };
    if (receivedCount >= message.expected) report();
  } else {
    for (const socket of sockets) {
      if (socket instanceof WebSocket) socket.terminate();
      else socket.close();
    }
    sockets = [];
    received.clear();
    receivedCount = 0;
    if (message.kind === 'exit') process.exit(0);
    process.send?.({ kind: 'closed' });
  }
});
