import { createPortal } from 'react-dom';
import { KEEP_LIVE_ATTRIBUTE } from '../use-focus-trap';
import { NoticeIcon } from './notice-icon';
import { useNotices } from './notice-store';
import './notice.css';

/** The corner stack of short messages; the store removes each one after TOAST_MS. */
export function Toasts() {
  const toasts = useNotices((s) => s.toasts);
  return createPortal(
    <div className="toasts" {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}>
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <NoticeIcon kind={t.kind} />
          <span>{t.message}</span>
        </div>
      ))}
    </div>,
    document.body,
  );
}
