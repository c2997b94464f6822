import { create } from 'zustand';
import type {
  OfferMessage,
  OfferThread,
  ThreadReadState,
  UnreadThreads,
} from '../../../src-common/schemas/offer-message';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { onResync } from '../../lib/socket';

/** One offer's thread as the browser holds it: what GET /api/offers/{id}/messages answered, kept live. */
export type HeldThread = Omit<OfferThread, 'offerId'>;

/**
 * Offer threads by offer id (loaded when a thread is opened, then fed by `offer:message`), the unread
 * count of each of the viewer's threads (GET /api/offers/threads/unread, then live), and how many views
 * show each thread right now (a shown thread is read as it arrives, so it is not told as a toast).
 */
export interface ThreadsData {
  threads: Readonly<Record<number, HeldThread>>;
  unread: Readonly<Record<number, number>>;
  shown: Readonly<Record<number, number>>;
}

const EMPTY: ThreadsData = { threads: {}, unread: {}, shown: {} };

/** Adds a message to its thread once (the POST's answer and its live event are the same message). */
export function addMessage(messages: readonly OfferMessage[], message: OfferMessage): OfferMessage[] {
  if (messages.some((m) => m.id === message.id)) return messages as OfferMessage[];
  const next = [...messages, message];
  return next.sort((a, b) => a.id - b.id);
}

/**
 * A live message: into its thread when held, and one more unread for the viewer when someone else wrote
 * it (a shown thread then marks it read itself).
 */
export function receiveMessage(
  state: ThreadsData,
  message: OfferMessage,
  viewerId: number | null,
): ThreadsData {
  const held = state.threads[message.offerId];
  const messages = held ? addMessage(held.messages, message) : null;
  if (held && messages === held.messages) return state;
  const fromOther = viewerId !== null && message.author.id !== viewerId;
  return {
    ...state,
    threads: messages ? { ...state.threads, [message.offerId]: { ...held!, messages } } : state.threads,
    unread: fromOther
      ? { ...state.unread, [message.offerId]: (state.unread[message.offerId] ?? 0) + 1 }
      : state.unread,
  };
}

/** A fetched thread replaces the held one, keeping any live message the answer was too early for. */
export function applyThread(state: ThreadsData, thread: OfferThread): ThreadsData {
  const { offerId, ...rest } = thread;
  const held = state.threads[offerId];
  const messages = (held?.messages ?? []).reduce(addMessage, thread.messages);
  return { ...state, threads: { ...state.threads, [offerId]: { ...rest, messages } } };
}

export function setUnread(state: ThreadsData, offerId: number, count: number): ThreadsData {
  const { [offerId]: _dropped, ...others } = state.unread;
  return { ...state, unread: count > 0 ? { ...others, [offerId]: count } : others };
}

/** The unread counts the server answered, as numbers by offer id. */
export const unreadFromServer = (answer: UnreadThreads): Record<number, number> =>
  Object.fromEntries(Object.entries(answer).map(([id, count]) => [Number(id), count]));

export const useThreads = create<ThreadsData>(() => EMPTY);

const messagesPath = (offerId: number) => `/offers/${offerId}/messages`;

/** Whether this session's unread counts were asked for (the first thread shown asks, once). */
let unreadAsked = false;

/**
 * The live messages of each thread whose first load is in flight. The server may have read the thread
 * before such a message was written, and a thread not held yet keeps no message, so the load adds them.
 */
const arrivedWhileLoading = new Map<number, OfferMessage[]>();

export const threadActions = {
  clear: () => {
    unreadAsked = false;
    arrivedWhileLoading.clear();
    useThreads.setState(EMPTY);
  },
  /** Loads the viewer's unread counts once; the live events keep them after that. */
  ensureUnread(): void {
    if (unreadAsked || !useSession.getState().user) return;
    unreadAsked = true;
    threadActions.loadUnread().catch(() => {
      unreadAsked = false;
    });
  },
  received(message: OfferMessage, viewerId: number | null): void {
    arrivedWhileLoading.get(message.offerId)?.push(message);
    useThreads.setState((s) => receiveMessage(s, message, viewerId));
  },
  async loadUnread(): Promise<void> {
    const answer = await api.get<UnreadThreads>('/offers/threads/unread');
    useThreads.setState((s) => ({ ...s, unread: unreadFromServer(answer) }));
  },
  async load(offerId: number): Promise<void> {
    const arrived = arrivedWhileLoading.get(offerId) ?? [];
    arrivedWhileLoading.set(offerId, arrived);
    try {
      const thread = await api.get<OfferThread>(messagesPath(offerId));
      useThreads.setState((s) =>
        applyThread(s, { ...thread, messages: arrived.reduce(addMessage, thread.messages) }),
      );
    } finally {
      if (arrivedWhileLoading.get(offerId) === arrived) arrivedWhileLoading.delete(offerId);
    }
  },
  async send(offerId: number, body: string): Promise<OfferMessage> {
    const message = await api.post<OfferMessage>(messagesPath(offerId), { body });
    useThreads.setState((s) => {
      const held = s.threads[offerId];
      if (!held) return s;
      return {
        ...s,
        threads: { ...s.threads, [offerId]: { ...held, messages: addMessage(held.messages, message) } },
      };
    });
    return message;
  },
  async markRead(offerId: number, upTo: number): Promise<void> {
    const state = await api.post<ThreadReadState>(`${messagesPath(offerId)}/read`, { upTo });
    useThreads.setState((s) => setUnread(s, offerId, state.unread));
  },
  /** A view shows the thread; call the returned function when it stops. */
  show(offerId: number): () => void {
    const change = (by: number) =>
      useThreads.setState((s) => ({ ...s, shown: { ...s.shown, [offerId]: (s.shown[offerId] ?? 0) + by } }));
    change(1);
    return () => change(-1);
  },
};

export const isThreadShown = (offerId: number) => (useThreads.getState().shown[offerId] ?? 0) > 0;

// Threads and unread counts are the signed-in trader's: another account starts from nothing.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) threadActions.clear();
});
// A reconnect that lost events may have lost messages: the counts are asked again.
onResync(() => {
  if (unreadAsked) threadActions.loadUnread().catch(() => undefined);
});
