import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Moves focus to the element `targetId` names without a hash change, which the router would count as a navigation. */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a
      className="skip-link"
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
    >
      {children}
    </a>
  );
}

/** Where the shell puts a page's own skip links: right after "Skip to content", before the top bar. */
export const SkipLinkSlot = createContext<HTMLElement | null>(null);

/**
 * A skip link of the page that renders it (to its results, say), shown among the shell's skip links so
 * it is one of the first Tab stops. The target needs tabIndex -1 to take focus.
 */
export function PageSkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  const slot = useContext(SkipLinkSlot);
  return slot ? createPortal(<SkipLink targetId={targetId}>{children}</SkipLink>, slot) : null;
}
