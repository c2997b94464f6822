import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAnnouncements } from '../live-region/announcer';
import { closeToast, pauseToasts, resumeToasts, toast, TOAST_MS, useNotices } from './notice-store';

const shown = () => useNotices.getState().toasts.map((t) => t.message);

describe('toasts (2.5 s; WCAG 2.2.1: pausable and closable)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useNotices.setState({ toasts: [] });
    useAnnouncements.setState({ items: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('is read out through the live region and goes after TOAST_MS', () => {
    toast('Listing saved!', 'success');
    expect(useAnnouncements.getState().items.map((i) => i.text)).toEqual(['Listing saved!']);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(shown()).toEqual(['Listing saved!']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('keeps its remaining time while paused, and runs it out after resuming', () => {
    toast('Offer submitted');
    vi.advanceTimersByTime(1000);
    pauseToasts();
    vi.advanceTimersByTime(60_000);
    expect(shown()).toEqual(['Offer submitted']);
    resumeToasts();
    vi.advanceTimersByTime(TOAST_MS - 1000 - 1);
    expect(shown()).toEqual(['Offer submitted']);
    vi.advanceTimersByTime(1);
    expect(shown()).toEqual([]);
  });

  it('closes at once when asked', () => {
    toast('One');
    toast('Two');
    closeToast(useNotices.getState().toasts[0].id);
    expect(shown()).toEqual(['Two']);
  });
});
