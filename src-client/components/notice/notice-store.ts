import { create } from 'zustand';
import { announce } from '../live-region/announcer';

export type NoticeKind = 'success' | 'error' | 'warning' | 'info' | 'confirm';

/** A confirm's two buttons, each a verb for what it does; a destructive confirm's button is red. */
export interface ConfirmChoice {
  confirm: string;
  cancel: string;
  destructive?: boolean;
}

const PLAIN_CHOICE: ConfirmChoice = { confirm: 'Confirm', cancel: 'Cancel' };

export interface Notice {
  id: number;
  kind: NoticeKind;
  title: string;
  message: string;
  /** The buttons of a confirm. */
  choice: ConfirmChoice;
  /** Confirm notices resolve with the user's choice; the others resolve true when dismissed. */
  resolve(confirmed: boolean): void;
}

export interface Toast {
  id: number;
  kind: Exclude<NoticeKind, 'confirm'>;
  message: string;
}

/** How long a toast shows, unless hovered or focused. */
export const TOAST_MS = 2500;

const DEFAULT_TITLES: Record<NoticeKind, string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Notice',
  confirm: 'Confirm Action',
};

interface NoticeState {
  notices: Notice[];
  toasts: Toast[];
  dismissNotice(id: number, confirmed: boolean): void;
  dismissToast(id: number): void;
}

let nextId = 1;

/** One mechanism for every page's dialogs and toasts; components render it, anything may call it. */
export const useNotices = create<NoticeState>((set, get) => ({
  notices: [],
  toasts: [],
  dismissNotice(id, confirmed) {
    const notice = get().notices.find((n) => n.id === id);
    set({ notices: get().notices.filter((n) => n.id !== id) });
    notice?.resolve(confirmed);
  },
  dismissToast(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

function open(kind: NoticeKind, message: string, title?: string, choice = PLAIN_CHOICE): Promise<boolean> {
  return new Promise((resolve) => {
    const notice: Notice = {
      id: nextId++,
      kind,
      title: title ?? DEFAULT_TITLES[kind],
      message,
      choice,
      resolve,
    };
    useNotices.setState((s) => ({ notices: [...s.notices, notice] }));
  });
}

/**
 * Modal notices, for what needs an answer: a question, or an error to deal with. `confirm` resolves true
 * only when the user presses its confirm button. A done action is told with toast(message, 'success').
 */
export const notice = {
  error: (message: string, title?: string) => open('error', message, title),
  warning: (message: string, title?: string) => open('warning', message, title),
  info: (message: string, title?: string) => open('info', message, title),
  confirm: (message: string, title?: string, choice?: ConfirmChoice) =>
    open('confirm', message, title, choice),
};

/** Each toast's countdown: running (with its timer) or paused with the time it has left. */
const countdowns = new Map<
  number,
  { left: number; startedAt: number; timer?: ReturnType<typeof setTimeout> }
>();

function run(id: number): void {
  const countdown = countdowns.get(id);
  if (!countdown || countdown.timer) return;
  countdown.startedAt = Date.now();
  countdown.timer = setTimeout(() => closeToast(id), countdown.left);
}

/** Removes a toast now (its close button, or its time is up). */
export function closeToast(id: number): void {
  const countdown = countdowns.get(id);
  clearTimeout(countdown?.timer);
  countdowns.delete(id);
  useNotices.getState().dismissToast(id);
}

/** Stops every toast's clock while the reader hovers over or focuses the stack (WCAG 2.2.1). */
export function pauseToasts(): void {
  for (const countdown of countdowns.values()) {
    if (!countdown.timer) continue;
    clearTimeout(countdown.timer);
    countdown.timer = undefined;
    countdown.left = Math.max(0, countdown.left - (Date.now() - countdown.startedAt));
  }
}

export function resumeToasts(): void {
  for (const id of countdowns.keys()) run(id);
}

/**
 * A short message in the corner that disappears after TOAST_MS (paused while hovered or focused), and is
 * read out through the shell's live region.
 */
export function toast(message: string, kind: Toast['kind'] = 'info'): void {
  const id = nextId++;
  useNotices.setState((s) => ({ toasts: [...s.toasts, { id, kind, message }] }));
  announce(message);
  countdowns.set(id, { left: TOAST_MS, startedAt: Date.now() });
  run(id);
}
