import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap';
import './modal.css';

interface ModalProps {
  /** The heading; the dialog is labelled by it. */
  title: ReactNode;
  /** Escape, the close button and (unless closeOnOverlay is false) a click on the overlay. */
  onClose(): void;
  children: ReactNode;
  /** "alertdialog" for messages that need an answer. */
  role?: 'dialog' | 'alertdialog';
  closeOnOverlay?: boolean;
  /** Shows a close (×) button in the header. */
  closeButton?: boolean;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra class on the panel, e.g. to widen it. */
  className?: string;
}

/**
 * An accessible modal dialog in a portal: focus moves in and is trapped, Escape closes, the page behind is
 * inert, and focus returns to where it was. The login popup and the notice dialog are built on it.
 */
export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  closeOnOverlay = true,
  closeButton = true,
  initialFocus,
  className,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(panelRef, true, { onEscape: onClose, initialFocus });

  return createPortal(
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        // Keeps focus inside the dialog when the backdrop is pressed.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (closeOnOverlay) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {closeButton && (
            <button
              type="button"
              className="btn ghost small modal-close"
              aria-label="Close"
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div id={bodyId} className="modal-body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
