import { useEffect, useRef, type RefObject } from 'react';
import type { Notification } from '../../../../src-common/schemas/notification';
import { useFocusTrap } from '../../../components/use-focus-trap';
import { openNotification } from '../notification-sync';
import { notificationActions, useNotifications } from '../notifications-store';
import { AgreementFacts, agreementHeadline } from './agreement-facts';
import { SystemNotificationsOptIn } from './system-notifications-opt-in';
import { NOTIFICATION_PANEL_ID } from './notification-panel-id';

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The bell's panel: a dialog that takes focus (Tab stays inside, Escape or a click outside closes it,
 * focus returns to the bell). Choosing a notification marks it read and opens its listing or search.
 */
export default function NotificationPanel({
  onClose,
  returnFocus,
}: {
  onClose(): void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusTrap(panelRef, true, { onEscape: onClose, initialFocus: headingRef, fallbackFocus: returnFocus });
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!panelRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  const { order, byId, unread, status, error, hasMore } = useNotifications();
  const choose = (item: Notification) => {
    onClose();
    openNotification(item);
  };

  return (
    <div
      ref={panelRef}
      id={NOTIFICATION_PANEL_ID}
      className="notification-panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby="notification-panel-title"
    >
      <div className="notification-panel-head">
        <h2 id="notification-panel-title" ref={headingRef} tabIndex={-1}>
          Notifications
        </h2>
        <button
          type="button"
          className="btn ghost"
          disabled={unread === 0}
          onClick={() => void notificationActions.read(null)}
        >
          Mark all read
        </button>
      </div>
      <SystemNotificationsOptIn />
      {error && (
        <p className="notification-panel-note" role="alert">
          {error}
        </p>
      )}
      {status === 'loading' && order.length === 0 && <p className="notification-panel-note">Loading...</p>}
      {status === 'ready' && order.length === 0 && (
        <p className="notification-panel-note">
          Nothing yet. Offers on your listings, answers to your offers and saved-search matches show up here.
        </p>
      )}
      {order.length > 0 && (
        <ul className="notification-list">
          {order.map((id) => {
            const item = byId[id];
            return (
              <li key={id}>
                <a
                  href={item.link}
                  className={`notification-item${item.read ? '' : ' is-unread'}`}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    choose(item);
                  }}
                >
                  <span className="notification-dot" aria-hidden="true" />
                  <span className="notification-text">
                    <span className="notification-message">
                      {item.agreement ? agreementHeadline(item.agreement) : item.message}
                      {!item.read && <span className="visually-hidden"> (unread)</span>}
                    </span>
                    {item.agreement && <AgreementFacts agreement={item.agreement} />}
                    <time className="notification-time" dateTime={item.at}>
                      {when(item.at)}
                    </time>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className="btn ghost notification-older"
          onClick={() => void notificationActions.loadOlder()}
        >
          Show older
        </button>
      )}
    </div>
  );
}
