import { useState, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';

/**
 * The phone layout's "Filters" button: it says how many filters narrow the results and opens them in a
 * bottom sheet (a modal: focus trapped, Escape closes, focus back on the button). Changes apply at once.
 */
export function FiltersSheetButton({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn browse-filters-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M3 5h18l-7 8v6l-4-2v-4z" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        Filters
        {active > 0 && (
          <span className="filters-count">
            {active}
            <span className="visually-hidden"> active</span>
          </span>
        )}
      </button>
      {open && (
        <Modal title="Filters" onClose={() => setOpen(false)} className="filters-sheet">
          <div className="stack">
            {children}
            <button type="button" className="btn primary" onClick={() => setOpen(false)}>
              Show results
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
