import { createPortal } from 'react-dom';
import { KEEP_LIVE_ATTRIBUTE } from '../use-focus-trap';
import { NoticeIcon } from './notice-icon';
import { closeToast, pauseToasts, resumeToasts, useNotices } from './notice-store';
import './notice.css';

/**
 * The corner stack of short messages. Their text is read out by the shell's live region (toast() sends
 * it there), so the stack itself is not live. Hovering or focusing it stops the clocks; × closes one.
 */
export function Toasts() {
  const toasts = useNotices((s) => s.toasts);
  return createPortal(
    <div
      className="toasts"
      {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}
      onPointerEnter={pauseToasts}
      onPointerLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) resumeToasts();
      }}
    >
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          <NoticeIcon kind={t.kind} />
          <span className="toast-message">{t.message}</span>
          <button
            type="button"
            className="btn ghost small toast-close"
            aria-label={`Close: ${t.message}`}
            onClick={() => closeToast(t.id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
