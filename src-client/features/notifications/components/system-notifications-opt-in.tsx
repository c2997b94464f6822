import {
  turnOffSystemNotifications,
  turnOnSystemNotifications,
  useSystemNotifications,
} from '../browser-notifications';

/** The opt-in for system notifications while the tab is hidden, as the browser allows it. */
export function SystemNotificationsOptIn() {
  const { permission, on } = useSystemNotifications();
  if (permission === 'unsupported') return null;
  if (permission === 'denied') {
    return (
      <p className="notification-panel-note">
        Desktop notifications are blocked for this site in your browser&apos;s settings.
      </p>
    );
  }
  return (
    <div className="notification-opt-in">
      <span>
        {on
          ? 'Desktop notifications are on while this tab is hidden.'
          : 'Get desktop notifications while this tab is hidden.'}
      </span>
      <button
        type="button"
        className="btn ghost"
        onClick={() => (on ? turnOffSystemNotifications() : void turnOnSystemNotifications())}
      >
        {on ? 'Turn off' : 'Turn on'}
      </button>
    </div>
  );
}
