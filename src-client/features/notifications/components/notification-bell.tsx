import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { StrokeIcon } from '../../../components/stroke-icon';
import { startNotificationSync } from '../notification-sync';
import { useNotifications } from '../notifications-store';
import '../notifications.css';
import { NOTIFICATION_PANEL_ID } from './notification-panel-id';

const NotificationPanel = lazy(() => import('./notification-panel'));

/** The top bar's bell (notification-bell-slot.tsx loads it): the unread count, live, and the panel it opens. */
export default function NotificationBell() {
  const navigate = useNavigate();
  useEffect(() => startNotificationSync((path) => void navigate(path)), [navigate]);
  const unread = useNotifications((s) => s.unread);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="bell">
      <button
        ref={buttonRef}
        type="button"
        className="btn ghost bell-button"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? NOTIFICATION_PANEL_ID : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <StrokeIcon size={22}>
          <path d="M6 10a6 6 0 1 1 12 0v4l2 3H4l2-3zM10 20a2 2 0 0 0 4 0" strokeLinejoin="round" />
        </StrokeIcon>
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} returnFocus={buttonRef} />
        </Suspense>
      )}
    </div>
  );
}
