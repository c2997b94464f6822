import { describe, expect, it } from 'vitest';
import { MarketData, isMove } from './market';
import { DAY_MS, type TradeFact } from './market-history';

const NOW = Date.UTC(2026, 2, 10, 14, 30);
const ITEMS = ['Steady Ore', 'Rising Ore', 'Barely Ore'];

let seq = 0;
const fact = (item: string, unitPrice: number, at: number): TradeFact => ({
  id: ++seq,
  item,
  unitPrice,
  quantity: 1,
  at,
});

describe('isMove', () => {
  it('is no move when the change shows as 0.0 %', () => {
    expect(isMove(0)).toBe(false);
    expect(isMove(0.0004)).toBe(false);
    expect(isMove(-0.0004)).toBe(false);
  });

  it('is a move from 0.1 % either way', () => {
    expect(isMove(0.001)).toBe(true);
    expect(isMove(-0.001)).toBe(true);
    expect(isMove(0.25)).toBe(true);
  });
});

describe('MarketData.overview movers', () => {
  it('lists only items whose 24-hour median moved against the 7-day one, biggest move first', () => {
    const data = new MarketData(
      (name) => ITEMS.includes(name),
      () => NOW,
    );
    for (let i = 0; i < 3; i++) {
      // The same price all week: no move.
      data.history.add(fact('Steady Ore', 100, NOW - i * 60_000));
      data.history.add(fact('Steady Ore', 100, NOW - 3 * DAY_MS - i * 60_000));
      // Up from 100 to 150 today.
      data.history.add(fact('Rising Ore', 150, NOW - i * 60_000));
      data.history.add(fact('Rising Ore', 100, NOW - 3 * DAY_MS - i * 60_000));
      // 10,000 to 10,001: a move of 0.005 %, shown as 0.0 %.
      data.history.add(fact('Barely Ore', 10_001, NOW - i * 60_000));
      data.history.add(fact('Barely Ore', 10_000, NOW - 3 * DAY_MS - i * 60_000));
    }
    const { movers, mostTraded } = data.overview();
    expect(mostTraded.map((row) => row.item).sort()).toEqual([...ITEMS].sort());
    expect(movers.map((row) => row.item)).toEqual(['Rising Ore']);
    expect(movers[0].change).toBeCloseTo(0.2);
  });
});
