import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn();
vi.mock('./api-client', () => ({ api: { get } }));

const { refreshSummaries, selectRevision, useReputationSummaries, wantSummary } =
  await import('./reputation-summary-store');

describe('the reputation summaries of a page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    get.mockReset();
  });

  it('asks for every trader a page renders together in one request, and never twice', async () => {
    get.mockResolvedValue({
      '1': { completedTrades: 3, positiveShare: 1 },
      '2': { completedTrades: 0, positiveShare: null },
    });
    for (const id of [1, 2, 1, 2, 1]) wantSummary(id);
    await vi.runAllTimersAsync();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/reputation/summary', { query: { ids: '1,2' } });
    expect(useReputationSummaries.getState().byId[1]).toEqual({ completedTrades: 3, positiveShare: 1 });

    wantSummary(2);
    await vi.runAllTimersAsync();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('splits more than 200 traders into requests of 200', async () => {
    get.mockResolvedValue({});
    for (let id = 1001; id <= 1450; id++) wantSummary(id);
    await vi.runAllTimersAsync();
    expect(get.mock.calls.map(([, options]) => options.query.ids.split(',').length)).toEqual([200, 200, 50]);
  });

  it('reads a trader again after a trade of theirs changed, and after a failed read', async () => {
    get.mockRejectedValueOnce(new Error('offline'));
    wantSummary(77);
    await vi.runAllTimersAsync();
    get.mockResolvedValue({ '77': { completedTrades: 1, positiveShare: null } });
    wantSummary(77);
    await vi.runAllTimersAsync();
    expect(useReputationSummaries.getState().byId[77]).toEqual({ completedTrades: 1, positiveShare: null });
    refreshSummaries([77, 78]);
    await vi.runAllTimersAsync();
    expect(get).toHaveBeenCalledTimes(3);
    expect(get.mock.calls[2][1]).toEqual({ query: { ids: '77' } });
  });

  it("moves a trader's revision on each change, so that a view of their full reputation reads it again", () => {
    const revision = (id: number) => selectRevision(id)(useReputationSummaries.getState());
    expect(revision(90)).toBe(0);
    refreshSummaries([90]);
    refreshSummaries([90, 91]);
    expect([revision(90), revision(91)]).toEqual([2, 1]);
  });
});
