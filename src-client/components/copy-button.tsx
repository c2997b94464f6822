import { announce } from './live-region/announcer';
import { toast } from './notice/notice-store';

/** Copies `text` to the clipboard and says "Copied" through the live region; `label` names what is copied. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      announce(`Copied ${label}: ${text}`);
    } catch {
      toast(`Could not copy. Select ${text} and copy it by hand.`, 'error');
    }
  };
  return (
    <button type="button" className="btn small" onClick={() => void copy()} aria-label={`Copy ${label}`}>
      Copy
    </button>
  );
}
