import { create } from 'zustand';

/** How long live news gathers before it is read out, so a burst is heard as one sentence. */
export const NEWS_SETTLE_MS = 1000;
/** Messages kept in the region; older ones have been read out already. */
const KEPT = 3;

export interface Announcement {
  id: number;
  text: string;
}

/** The shell's one polite live region: what it holds, newest last. */
export const useAnnouncements = create<{ items: Announcement[] }>(() => ({ items: [] }));

let nextId = 1;

/** Says `text` politely through the shell's live region (never moves focus). */
export function announce(text: string): void {
  const item = { id: nextId++, text };
  useAnnouncements.setState((s) => ({ items: [...s.items.slice(1 - KEPT), item] }));
}

/** One piece of live news; pieces with the same key are counted together. */
export interface NewsItem {
  key: string;
  one: string;
  many(count: number): string;
}

/** A burst of news as one sentence per key, in order of first arrival: "3 new offers. Offer accepted." */
export function summariseNews(items: readonly NewsItem[]): string {
  const groups = new Map<string, { item: NewsItem; count: number }>();
  for (const item of items) {
    const group = groups.get(item.key);
    if (group) group.count++;
    else groups.set(item.key, { item, count: 1 });
  }
  return [...groups.values()].map(({ item, count }) => (count === 1 ? item.one : item.many(count))).join(' ');
}

let pending: NewsItem[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Live news (offers arriving, changing): gathered for NEWS_SETTLE_MS, then announced as a summary. */
export function announceNews(item: NewsItem): void {
  pending.push(item);
  flushTimer ??= setTimeout(() => {
    const burst = pending;
    pending = [];
    flushTimer = undefined;
    announce(summariseNews(burst));
  }, NEWS_SETTLE_MS);
}
