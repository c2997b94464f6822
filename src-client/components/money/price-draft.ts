import {
  clampDenomination,
  joinDenominations,
  splitCopper,
  type Denominations,
} from '../../../src-common/money';
import { digitsOnly } from './digits';

/** The four tier fields as typed: an empty field is allowed while typing and counts as 0. */
export type PriceDraft = Record<keyof Denominations, string>;

export const TIER_FIELDS: ReadonlyArray<{ key: keyof Denominations; label: string }> = [
  { key: 'platinum', label: 'Platinum' },
  { key: 'gold', label: 'Gold' },
  { key: 'silver', label: 'Silver' },
  { key: 'copper', label: 'Copper' },
];

export const EMPTY_PRICE: PriceDraft = { platinum: '', gold: '', silver: '', copper: '' };

/** Digits only, at most 3, clamped to 0-999; empty stays empty. */
export function cleanTier(raw: string): string {
  const digits = digitsOnly(raw, 3);
  return digits === '' ? '' : String(clampDenomination(digits));
}

export function draftDenominations(draft: PriceDraft): Denominations {
  return {
    platinum: clampDenomination(draft.platinum),
    gold: clampDenomination(draft.gold),
    silver: clampDenomination(draft.silver),
    copper: clampDenomination(draft.copper),
  };
}

export function draftToCopper(draft: PriceDraft): number {
  return joinDenominations(draftDenominations(draft));
}

/** Prefills the fields from an amount; zero tiers stay empty so the placeholder shows. */
export function draftFromCopper(amount: number): PriceDraft {
  const parts = splitCopper(amount);
  const show = (n: number) => (n ? String(Math.min(n, 999)) : '');
  return {
    platinum: show(parts.platinum),
    gold: show(parts.gold),
    silver: show(parts.silver),
    copper: show(parts.copper),
  };
}
