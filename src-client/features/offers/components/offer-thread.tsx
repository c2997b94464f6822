import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { explainStripped, stripNotes } from '../../../../src-common/notes';
import {
  OFFER_MESSAGE_BODY_MAX,
  offerMessageInputSchema,
  type OfferMessage,
} from '../../../../src-common/schemas/offer-message';
import { TextAreaField } from '../../../components/form/text-field';
import { announceNews } from '../../../components/live-region/announcer';
import { LoadState, type LoadStatus } from '../../../components/load-state/load-state';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { selectUser, useSession } from '../../../lib/session';
import { onServerEvent } from '../../../lib/socket';
import { timeAgo, useNow } from '../../../lib/time-ago';
import { useResync } from '../../../lib/live-sync';
import { useOffers } from '../offers-store';
import { threadActions, useThreads } from '../threads-store';
import './offer-thread.css';

interface OfferThreadProps {
  offerId: number;
  /** Open from the start (a page about this one trade); collapsed by default. */
  defaultExpanded?: boolean;
}

/**
 * The conversation between an offer's maker and the listing's owner: collapsed to "Messages (3 new)", and
 * once opened the messages (live), read as they arrive, and a composer while the thread is open.
 */
export function OfferThread({ offerId, defaultExpanded = false }: OfferThreadProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const unread = useThreads((s) => s.unread[offerId] ?? 0);
  useEffect(() => threadActions.ensureUnread(), []);
  return (
    <section className="offer-thread" aria-labelledby={`${id}-heading`}>
      <h3 className="offer-thread-heading" id={`${id}-heading`}>
        <button
          type="button"
          className="offer-thread-toggle"
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={() => setExpanded((open) => !open)}
        >
          <span aria-hidden="true" className="offer-thread-chevron" />
          Messages
          {unread > 0 && <span className="badge offer-thread-unread">{unread} new</span>}
        </button>
      </h3>
      {expanded && (
        <div id={`${id}-panel`} className="offer-thread-panel">
          <ThreadPanel offerId={offerId} />
        </div>
      )}
    </section>
  );
}

function ThreadPanel({ offerId }: { offerId: number }) {
  const now = useNow();
  const viewer = useSession(selectUser);
  const thread = useThreads((s) => s.threads[offerId]);
  const unread = useThreads((s) => s.unread[offerId] ?? 0);
  const offerStatus = useOffers((s) => s.table.byId[offerId]?.status);
  const [status, setStatus] = useState<LoadStatus>(thread ? 'ready' : 'loading');
  const listRef = useRef<HTMLOListElement>(null);

  const load = useCallback(() => {
    threadActions.load(offerId).then(
      () => setStatus('ready'),
      () => setStatus((s) => (s === 'ready' ? s : 'error')),
    );
  }, [offerId]);
  useEffect(load, [load, offerStatus]);
  useResync(load);
  // A trade that leaves `open` closes its thread.
  useEffect(
    () =>
      onServerEvent('trade:updated', ({ trade }) => {
        if (trade.id === offerId) load();
      }),
    [offerId, load],
  );
  useEffect(() => threadActions.show(offerId), [offerId]);

  const messages = thread?.messages;
  const last = messages?.at(-1);
  // While the thread is shown what it holds is read, and the list follows the newest message.
  useEffect(() => {
    if (last && unread > 0) void threadActions.markRead(offerId, last.id).catch(() => undefined);
  }, [offerId, last, unread]);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages?.length]);
  useAnnounceArrivals(offerId, messages, viewer?.id ?? null);

  return (
    <LoadState
      status={status}
      loadingLabel="Loading messages"
      placeholder={<p className="muted">Loading messages…</p>}
      error="Failed to load messages"
      onRetry={load}
    >
      {thread && (
        <>
          {thread.messages.length === 0 ? (
            <p className="muted offer-thread-empty">
              {thread.open ? 'No messages yet. Arrange the trade here.' : 'No messages.'}
            </p>
          ) : (
            <ol
              className="offer-thread-messages"
              ref={listRef}
              tabIndex={0}
              aria-label="Messages, oldest first"
            >
              {thread.messages.map((message) => {
                const mine = message.author.id === viewer?.id;
                return (
                  <li key={message.id} className={`offer-thread-message${mine ? ' is-mine' : ''}`}>
                    <p className="offer-thread-meta">
                      <span className="offer-thread-author">{mine ? 'You' : message.author.username}</span>{' '}
                      <time className="muted" dateTime={message.createdAt}>
                        {timeAgo(message.createdAt, now)}
                      </time>
                    </p>
                    <p className="offer-thread-body">{message.body}</p>
                  </li>
                );
              })}
            </ol>
          )}
          {thread.open ? (
            <Composer offerId={offerId} onClosed={load} />
          ) : (
            <p className="offer-thread-closed" role="note">
              This conversation is closed{thread.closedReason ? `: ${thread.closedReason}` : ''}. It can still
              be read.
            </p>
          )}
        </>
      )}
    </LoadState>
  );
}

/**
 * Says politely what the other trader writes while the thread is shown (what was there when it opened is
 * on screen, not news).
 */
function useAnnounceArrivals(offerId: number, messages: OfferMessage[] | undefined, viewerId: number | null) {
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!messages) return;
    const newest = messages.at(-1)?.id ?? 0;
    const before = seen.current;
    seen.current = newest;
    if (before === null) return;
    for (const message of messages) {
      if (message.id <= before || message.author.id === viewerId) continue;
      announceNews({
        key: `offer-thread-${offerId}`,
        one: `New message from ${message.author.username}: ${message.body}`,
        many: (count) => `${count} new messages in the offer's conversation`,
      });
    }
  }, [offerId, messages, viewerId]);
}

/** The message box: the notes' text rules applied as typed, 1 to 1,000 characters, Ctrl+Enter sends. */
function Composer({ offerId, onClosed }: { offerId: number; onClosed(): void }) {
  const [body, setBody] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    const parsed = offerMessageInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please write a message');
      fieldRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await threadActions.send(offerId, parsed.data.body);
      setBody('');
      setHint(null);
    } catch (err) {
      setError(errorMessage(err, 'Failed to send the message'));
      if (err instanceof ApiError && err.status === 409) onClosed();
    } finally {
      setSending(false);
      fieldRef.current?.focus();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form className="offer-thread-composer" noValidate onSubmit={onSubmit} aria-label="Write a message">
      <TextAreaField
        ref={fieldRef}
        label="Your message"
        rows={2}
        max={OFFER_MESSAGE_BODY_MAX}
        value={body}
        countNote="Ctrl+Enter sends."
        hint={hint}
        error={error}
        alertError
        onKeyDown={onKeyDown}
        onValue={(value) => {
          setHint(explainStripped(value));
          setBody(stripNotes(value));
          if (error) setError(null);
        }}
      />
      <div className="row">
        <button type="submit" className="btn small primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}
