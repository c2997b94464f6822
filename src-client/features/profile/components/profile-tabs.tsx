import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec {
  id: string;
  label: string;
  panel: ReactNode;
}

/** ARIA tabs: arrow keys, Home and End move between tabs; only the chosen panel is rendered. */
export function ProfileTabs({
  tabs,
  selected,
  onSelect,
  label = 'Profile sections',
}: {
  tabs: readonly TabSpec[];
  selected: string;
  onSelect(id: string): void;
  /** The tab list's name for screen readers. */
  label?: string;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];

  const onKeyDown = (e: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(e.key in targets)) return;
    e.preventDefault();
    const next = tabs[targets[e.key]];
    onSelect(next.id);
    refs.current[next.id]?.focus();
  };

  return (
    <div className="stack">
      <div className="tabs profile-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            className="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`}>
        {current.panel}
      </div>
    </div>
  );
}
