import { useState, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { StrokeIcon } from '../../../components/stroke-icon';

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
        <StrokeIcon size={18}>
          <path d="M3 5h18l-7 8v6l-4-2v-4z" />
        </StrokeIcon>
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
