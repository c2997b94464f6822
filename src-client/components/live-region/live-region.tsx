import { createPortal } from 'react-dom';
import { KEEP_LIVE_ATTRIBUTE } from '../use-focus-trap';
import { useAnnouncements } from './announcer';

/**
 * The one polite live region, in the page from the first render so screen readers are already listening
 * when text arrives (a region inserted together with its text is often skipped). It sits beside the app,
 * outside what a dialog makes inert, so news is heard while a dialog is open.
 */
export function LiveRegion() {
  const items = useAnnouncements((s) => s.items);
  return createPortal(
    <div className="visually-hidden" role="status" aria-live="polite" {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}>
      {items.map((item) => (
        <p key={item.id}>{item.text}</p>
      ))}
    </div>,
    document.body,
  );
}
