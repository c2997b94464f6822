import type { ReactNode } from 'react';
import './load-state.css';

/**
 * Where a view's data stands. Every list and page that loads shows the same three faces: a placeholder
 * while loading, the error alone (with Try again) on failure, and its content (or its empty state, which
 * only a real answer can say) once ready.
 */
export type LoadStatus = 'loading' | 'error' | 'ready';

interface LoadStateProps {
  status: LoadStatus;
  /** What is loading, for screen readers ("Loading listings"). */
  loadingLabel: string;
  /** Shown while loading; skeleton cards by default. */
  placeholder?: ReactNode;
  /** The failure, in the page's words ("Failed to load listings"). */
  error: string;
  onRetry(): void;
  /** The content once ready; none when the caller renders it itself. */
  children?: ReactNode;
}

export function LoadState({ status, loadingLabel, placeholder, error, onRetry, children }: LoadStateProps) {
  if (status === 'loading') {
    return (
      <div className="load-placeholder" role="status" aria-label={loadingLabel} aria-busy="true">
        {placeholder ?? <SkeletonCards />}
      </div>
    );
  }
  if (status === 'error') return <LoadError message={error} onRetry={onRetry} />;
  return children;
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="card load-error" role="alert">
      <p className="error-text">{message}</p>
      <button type="button" className="btn small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Grey cards the shape of listing cards, so the page keeps its layout while the data comes. */
export function SkeletonCards({ count = 6 }: { count?: number }) {
  return (
    <div className="grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card">
          <div className="skeleton-head">
            <span className="skeleton skeleton-image" />
            <span className="skeleton-lines">
              <span className="skeleton skeleton-line" />
              <span className="skeleton skeleton-line short" />
            </span>
          </div>
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line short" />
        </div>
      ))}
    </div>
  );
}

/** A few grey lines, for content that is not a grid of cards (a table, a form). */
export function SkeletonLines({ count = 4 }: { count?: number }) {
  return (
    <div className="stack" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="skeleton skeleton-line" />
      ))}
    </div>
  );
}
