import { create } from 'zustand';
import { REPUTATION_SUMMARY_MAX_IDS } from '../../src-common/reputation-limits';
import type { ReputationSummary as SummaryAnswer } from '../../src-common/schemas/reputation';
import { api } from './api-client';

/** One trader's record as cards and offers show it: completed trades and the positive share. */
export type ReputationSummary = SummaryAnswer[string];

interface SummaryState {
  byId: Readonly<Record<number, ReputationSummary>>;
  /** How many times each trader's record changed on this page: a view of their full reputation reads it again. */
  revisions: Readonly<Record<number, number>>;
}

export const useReputationSummaries = create<SummaryState>(() => ({ byId: {}, revisions: {} }));

/** Ids asked for by a mounted view and not answered yet, or answered: never asked twice per page. */
const asked = new Set<number>();
let queued = new Set<number>();
let flushing: ReturnType<typeof setTimeout> | undefined;

async function fetchBatch(ids: number[]): Promise<void> {
  try {
    const answer = await api.get<SummaryAnswer>('/reputation/summary', {
      query: { ids: ids.join(',') },
    });
    const found: Record<number, ReputationSummary> = {};
    for (const [id, summary] of Object.entries(answer)) found[Number(id)] = summary;
    useReputationSummaries.setState((s) => ({ byId: { ...s.byId, ...found } }));
  } catch {
    // The record only adds to a card: a failed read shows nothing, and a later view may ask again.
    for (const id of ids) asked.delete(id);
  }
}

/** Sends what the cards rendered together asked for as one request (a page of cards, not one per card). */
function flush(): void {
  flushing = undefined;
  const ids = [...queued];
  queued = new Set();
  for (let start = 0; start < ids.length; start += REPUTATION_SUMMARY_MAX_IDS) {
    void fetchBatch(ids.slice(start, start + REPUTATION_SUMMARY_MAX_IDS));
  }
}

/** Asks for a trader's summary; ids asked in the same tick go out together. */
export function wantSummary(userId: number): void {
  if (userId <= 0 || asked.has(userId)) return;
  asked.add(userId);
  queued.add(userId);
  flushing ??= setTimeout(flush, 0);
}

/**
 * These traders' records changed (an offer on their listing was answered, a trade of theirs changed): what
 * is held for them is read again, the summaries here and the full reputations through their revision.
 */
export function refreshSummaries(userIds: readonly number[]): void {
  useReputationSummaries.setState((s) => {
    const revisions = { ...s.revisions };
    for (const id of userIds) revisions[id] = (revisions[id] ?? 0) + 1;
    return { revisions };
  });
  for (const id of userIds) {
    if (!asked.has(id)) continue;
    asked.delete(id);
    wantSummary(id);
  }
}

export const selectSummary = (userId: number) => (s: SummaryState) => s.byId[userId];
export const selectRevision = (userId: number) => (s: SummaryState) => s.revisions[userId] ?? 0;
