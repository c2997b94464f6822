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
  /** The item chosen, or null when the field is left empty or naming no item. */
  onChange(option: ItemOption | null): void;
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

/** What the field says when it is left with text that names no item; the text stays for mending. */
export function unmatchedText(text: string): string {
  return `No item is named "${text.trim()}". Choose one from the list.`;
}

/** The option named exactly `query` (any case, outer spaces ignored), if there is one. */
export function exactMatch(options: readonly ItemOption[], query: string): ItemOption | undefined {
  const q = query.trim().toLowerCase();
  return q ? options.find((o) => o.name.toLowerCase() === q) : undefined;
}

/**
 * A combobox over the whole catalogue (some 1,700 items), after the ARIA combobox pattern: the list opens
 * on typing or Down arrow (not on focus, so Tab passes through), arrows / Page keys / Enter / Escape drive
 * it, and the number of matches is announced politely. Once typed in, the list is always the matches of the
 * text, so the highlighted row is one of the rows announced. Escape closes the list and keeps the text;
 * leaving the field keeps an item typed exactly, and text naming no item stays, marked with its error, and
 * unsets the item. Only the rows in view are in the DOM.
 */
export function ItemPicker({ options, value, onChange, error, disabled, loading = false }: ItemPickerProps) {
  const id = useId();
  const [query, setQuery] = useState(value);
  // Typed in since the last choice: the list is then the text's matches, not the whole catalogue.
  const [edited, setEdited] = useState(false);
  const [unmatched, setUnmatched] = useState<string>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const [scrolling, setScrolling] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A fast typist may leave the field before the catalogue has arrived: the text is resolved when it does.
  const leftWhileLoading = useRef(false);

  // The form may set the item itself (a relist, the item page's link); the unset this picker reported
  // (value '') must not wipe the text it keeps.
  const reported = useRef(value);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setQuery(value);
    setEdited(false);
    setUnmatched(undefined);
  }, [value]);
  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!edited || !q) return options;
    return options.filter((o) => o.name.toLowerCase().includes(q));
  }, [options, query, edited]);

  // The count is heard when typing changes it; not on opening with the field as it was (the whole catalogue).
  const heardCount = open && edited && query.trim() !== '' ? matches.length : null;
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

  const report = (option: ItemOption | null) => {
    reported.current = option?.name ?? '';
    onChange(option);
  };

  const choose = (option: ItemOption) => {
    report(option);
    setQuery(option.name);
    setEdited(false);
    setUnmatched(undefined);
    setOpen(false);
  };

  /** The typed text is taken for what it names, or kept as an error (not before the catalogue is known). */
  const resolveTyped = () => {
    const named = exactMatch(options, query);
    if (named) return choose(named);
    const empty = query.trim() === '';
    setUnmatched(empty || loading ? undefined : unmatchedText(query));
    if (value) report(null);
  };

  /** Leaving the field (or Enter on it closed). */
  const settle = () => {
    setOpen(false);
    if (!edited) return;
    resolveTyped();
    leftWhileLoading.current = loading && query.trim() !== '';
  };

  useEffect(() => {
    if (loading || !leftWhileLoading.current) return;
    leftWhileLoading.current = false;
    if (!open) resolveTyped();
    // Only the catalogue's arrival resolves; the text and state it reads are those of that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading]);

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
    } else if (e.key === 'Enter' && (open || edited)) {
      // The form is not submitted with an item the field does not show.
      e.preventDefault();
      if (open && matches[active]) choose(matches[active]);
      else settle();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
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
  const shownError = unmatched ?? error;
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
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          placeholder="Search the item catalogue..."
          autoComplete="off"
          disabled={disabled}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setEdited(true);
            setUnmatched(undefined);
            setOpen(true);
            setActive(0);
            if (listRef.current) listRef.current.scrollTop = 0;
            setScrollTop(0);
          }}
          onBlur={settle}
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
          // A scrolling box is a Tab stop of its own in Chromium; hidden on blur, it would drop focus.
          tabIndex={-1}
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
      {shownError && (
        <p className="field-error" id={`${id}-error`}>
          {shownError}
        </p>
      )}
    </div>
  );
}
