import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './icon-select.css';

interface IconSelectProps {
  label: string;
  value: string;
  /** Shown for the empty value: "All Episodes". */
  allLabel: string;
  options: readonly string[];
  icon(value: string): ReactNode;
  onChange(value: string): void;
}

/**
 * A select whose options carry icons, which a native <select> cannot show: a button opening a
 * listbox (ARIA listbox pattern: arrows, Home/End, Enter/Space, Escape, type to jump).
 */
export function IconSelect({ label, value, allLabel, options, icon, onChange }: IconSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const all = ['', ...options];
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const text = (v: string) => v || allLabel;

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (open)
      listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const show = () => {
    setActive(Math.max(0, all.indexOf(value)));
    setOpen(true);
  };
  const choose = (v: string) => {
    setOpen(false);
    buttonRef.current?.focus();
    if (v !== value) onChange(v);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(e.key)) {
      e.preventDefault();
      show();
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: all.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(Math.min(all.length - 1, Math.max(0, moves[e.key])));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(all[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (/^\w$/.test(e.key)) {
      const next = all.findIndex((v, i) => i > 0 && v.toLowerCase().startsWith(e.key.toLowerCase()));
      if (next >= 0) setActive(next);
    }
  };

  return (
    <div className="field icon-select" ref={rootRef}>
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={buttonRef}
        id={`${id}-button`}
        type="button"
        className="select icon-select-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-button`}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onButtonKey}
      >
        {value && icon(value)}
        <span>{text(value)}</span>
      </button>
      {open && (
        <ul
          ref={listRef}
          className="icon-select-list"
          role="listbox"
          tabIndex={0}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
        >
          {all.map((v, i) => (
            <li
              key={v || 'all'}
              id={`${id}-opt-${i}`}
              data-index={i}
              role="option"
              aria-selected={v === value}
              className={i === active ? 'is-active' : undefined}
              onPointerMove={() => setActive(i)}
              onClick={() => choose(v)}
            >
              {v ? icon(v) : <span className="icon-select-all" aria-hidden="true" />}
              {text(v)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
