import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { StrokeIcon } from '../../components/stroke-icon';

interface AccountMenuProps {
  username: string;
  onLogout(): void;
}

const ITEMS = [
  { label: 'My Profile', to: '/myprofile' },
  { label: 'My Offers', to: '/myprofile?tab=offers' },
  { label: 'Settings', to: '/myprofile?tab=settings' },
] as const;

/**
 * The logged-in user's menu after the ARIA menu button pattern: Enter, Space or Down arrow open it on the
 * first item (Up arrow on the last), arrows / Home / End move, Escape closes and focus goes back to the
 * button, Tab or a click elsewhere closes it.
 */
export function AccountMenu({ username, onLogout }: AccountMenuProps) {
  const id = useId();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusOnOpen === 'first' ? all[0] : all[all.length - 1])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusOnOpen]);

  const openAt = (where: 'first' | 'last') => {
    setFocusOnOpen(where);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (action: () => void) => {
    close(true);
    action();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      all[moves[event.key]]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="btn ghost top-action account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={`Account menu, ${username}`}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        <StrokeIcon size={20}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
        </StrokeIcon>
        <span className="top-action-label account-name">{username}</span>
        <span className="account-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul
        ref={menuRef}
        id={`${id}-menu`}
        className="account-menu-list"
        role="menu"
        aria-label="Account"
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {ITEMS.map((item) => (
          <li key={item.label} role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="account-menu-item"
              onClick={() => choose(() => navigate(item.to))}
            >
              {item.label}
            </button>
          </li>
        ))}
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="account-menu-item"
            onClick={() => choose(onLogout)}
          >
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
