import type { NoticeKind } from './notice-store';

const GLYPHS: Record<NoticeKind, string> = {
  success: '✓',
  error: '✕',
  warning: '!',
  info: 'i',
  confirm: '?',
};

/** A decorative, colour-coded mark; the kind is also carried by the title text. */
export function NoticeIcon({ kind }: { kind: NoticeKind }) {
  return (
    <span className={`notice-icon notice-icon-${kind}`} aria-hidden="true">
      {GLYPHS[kind]}
    </span>
  );
}
