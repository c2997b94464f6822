import { useRef } from 'react';
import { Modal } from '../modal';
import { useNotices, type Notice, type NoticeKind } from './notice-store';
import { NoticeIcon } from './notice-icon';
import './notice.css';

/** Messages that interrupt: the user must answer them, so assistive tech announces them as alerts. */
const ALERT_KINDS: ReadonlySet<NoticeKind> = new Set(['confirm', 'error', 'warning']);

function NoticeModal({ notice }: { notice: Notice }) {
  const dismiss = useNotices((s) => s.dismissNotice);
  const firstButton = useRef<HTMLButtonElement>(null);
  const isConfirm = notice.kind === 'confirm';
  // Escape, like Cancel, declines a confirm; any other notice is simply acknowledged.
  const close = () => dismiss(notice.id, !isConfirm);

  return (
    <Modal
      title={
        <span className="notice-title">
          <NoticeIcon kind={notice.kind} />
          {notice.title}
        </span>
      }
      role={ALERT_KINDS.has(notice.kind) ? 'alertdialog' : 'dialog'}
      onClose={close}
      closeOnOverlay={false}
      closeButton={false}
      initialFocus={firstButton}
      className={`notice notice-${notice.kind}`}
    >
      <p className="notice-message">{notice.message}</p>
      <div className="notice-actions">
        {isConfirm ? (
          <>
            <button ref={firstButton} type="button" className="btn" onClick={close}>
              {notice.choice.cancel}
            </button>
            <button
              type="button"
              className={notice.choice.destructive ? 'btn danger' : 'btn primary'}
              onClick={() => dismiss(notice.id, true)}
            >
              {notice.choice.confirm}
            </button>
          </>
        ) : (
          <button ref={firstButton} type="button" className="btn primary" onClick={close}>
            OK
          </button>
        )}
      </div>
    </Modal>
  );
}

/** Shows the oldest open notice; the next one appears when it is answered. */
export function NoticeDialog() {
  const current = useNotices((s) => s.notices[0]);
  return current ? <NoticeModal key={current.id} notice={current} /> : null;
}
