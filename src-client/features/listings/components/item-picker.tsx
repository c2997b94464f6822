import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ItemOption } from '../../../../src-common/catalogue';
import { EpisodeIcon } from '../../../components/badges/badges';
import { announce } from '../../../components/live-region/announcer';
import { ItemImage } from '../../../components/item-image';
import { countLabel } from '../../../lib/count-label';
import './item-picker.css';

/** The picker's geometry: 48 px rows in a 240 px list; images wait for 150 ms of scroll quiet. */
export const ROW_HEIGHT = 48;
export const LIST_HEIGHT = 240;
export const SCROLL_IDLE_MS = 150;
const OVERSCAN = 3;
const PAGE_ROWS = Math.floor(LIST_HEIGHT / ROW_HEIGHT);

interface ItemPickerProps {
  options: readonly ItemOption[];
  value: string;
  onChange(option: ItemOption): void;
  error?: string;
  disabled?: boolean;
  /** The catalogue is still on its way: the list says so instead of "No items match.". */
  loading?: boolean;
}

/** Rows of a long list that are on screen (plus a few around), from the scroll offset. */
export function visibleRange(scrollTop: number, count: number): [start: number, end: number] {
  const first = Math.floor(scrollTop / ROW_HEIGHT);
  return [Math.max(0, first - OVERSCAN), Math.min(count, first + PAGE_ROWS + 1 + OVERSCAN)];
}

/** What the picker's live count says for a filtered list. */
export function matchCountText(count: number, loading = false): string {
  if (loading) return 'Loading items…';
  if (count === 0) return 'No items match.';
  return `${countLabel(count, 'item matches', 'items match')}.`;
}

/** The option named exactly `query` (any case, outer spaces ignored), if there is one. */
export function exactMatch(options: readonly ItemOption[], query: string): ItemOption | undefined {
  const q = query.trim().toLowerCase();
  return q ? options.find((o) => o.name.toLowerCase() === q) : undefined;
}

/**
 * A combobox over the whole catalogue (some 1,700 items), after the ARIA combobox pattern: the list opens
 * on typing or Down arrow (not on focus, so Tab passes through), arrows / Page keys / Enter / Escape drive
 * it, leaving the field keeps an item typed exactly, and the number of matches is announced politely.
 * Only the rows in view are in the DOM.
 */
export function ItemPicker({ options, value, onChange, error, disabled, loading = false }: ItemPickerProps) {
  const id = useId();
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [scrolling, setScrolling] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setQuery(value), [value]);
  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q || q === value.toLowerCase()) return options;
    return options.filter((o) => o.name.toLowerCase().includes(q));
  }, [options, query, value]);

  // The count is heard when typing changes it; not on opening with the field as it was (the whole catalogue).
  const typed = open && query.trim() !== '' && query !== value;
  const heardCount = typed ? matches.length : null;
  useEffect(() => {
    if (heardCount !== null) announce(matchCountText(heardCount, loading));
  }, [heardCount, loading]);

  const scrollToRow = (index: number) => {
    const list = listRef.current;
    if (!list) return;
    const top = index * ROW_HEIGHT;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW_HEIGHT > list.scrollTop + LIST_HEIGHT) list.scrollTop = top + ROW_HEIGHT - LIST_HEIGHT;
  };

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
    requestAnimationFrame(() => scrollToRow(index));
  };

  const choose = (option: ItemOption) => {
    onChange(option);
    setQuery(option.name);
    setOpen(false);
  };

  const move = (to: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, to));
    setActive(next);
    scrollToRow(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: PAGE_ROWS,
      PageUp: -PAGE_ROWS,
    };
    if (e.key in steps) {
      e.preventDefault();
      if (!open)
        openAt(
          Math.max(
            0,
            matches.findIndex((o) => o.name === value),
          ),
        );
      else move(active + steps[e.key]);
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (matches[active]) choose(matches[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setQuery(value);
    }
  };

  const onScroll = () => {
    setScrollTop(listRef.current?.scrollTop ?? 0);
    setScrolling(true);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setScrolling(false), SCROLL_IDLE_MS);
  };

  const [start, end] = visibleRange(scrollTop, matches.length);
  const selected = options.find((o) => o.name === value);
  const listId = `${id}-list`;
  return (
    <div className="field item-picker">
      <label htmlFor={`${id}-input`}>Item</label>
      <div className="item-picker-control">
        {selected && (
          <ItemImage
            src={selected.image}
            name={selected.name}
            episode={selected.episode}
            size={32}
            decorative
          />
        )}
        <input
          id={`${id}-input`}
          className="input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="Search the item catalogue..."
          autoComplete="off"
          disabled={disabled}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
            if (listRef.current) listRef.current.scrollTop = 0;
            setScrollTop(0);
          }}
          onBlur={() => {
            const typed = exactMatch(options, query);
            if (typed && typed.name !== value) choose(typed);
            else {
              setOpen(false);
              setQuery(value);
            }
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="item-picker-popup" hidden={!open}>
        <div
          ref={listRef}
          id={listId}
          className="item-picker-list"
          role="listbox"
          aria-label="Items"
          style={{ height: Math.min(LIST_HEIGHT, matches.length * ROW_HEIGHT) }}
          onScroll={onScroll}
          onMouseDown={(e) => e.preventDefault()}
        >
          <div style={{ height: matches.length * ROW_HEIGHT, position: 'relative' }}>
            {matches.slice(start, end).map((option, i) => {
              const index = start + i;
              return (
                <div
                  key={option.name}
                  id={`${id}-opt-${index}`}
                  role="option"
                  aria-label={option.name}
                  aria-selected={option.name === value}
                  aria-setsize={matches.length}
                  aria-posinset={index + 1}
                  className={`item-picker-row${index === active ? ' is-active' : ''}`}
                  style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
                  onPointerMove={() => index !== active && setActive(index)}
                  onClick={() => choose(option)}
                >
                  {scrolling ? (
                    <span className="item-image item-picker-thumb" aria-hidden="true" />
                  ) : (
                    <ItemImage
                      src={option.image}
                      name={option.name}
                      episode={option.episode}
                      size={32}
                      decorative
                    />
                  )}
                  <span className="item-picker-name">{option.name}</span>
                  <span className="item-picker-episode muted">
                    <EpisodeIcon episode={option.episode} />
                    {option.episode}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
        {matches.length === 0 && (
          <p className="item-picker-empty muted" role={loading ? 'status' : undefined}>
            {matchCountText(0, loading)}
          </p>
        )}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
