import { z } from 'zod';
import {
  COPPER_PER_GOLD,
  COPPER_PER_PLATINUM,
  COPPER_PER_SILVER,
  DENOMINATION_MAX,
  MAX_TOTAL_COPPER,
} from '../money';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * The money rules once, for the API document: every amount a bot reads or sends refers to it, so a bot
 * cannot mistake the size of a coin.
 */
export const MONEY_DESCRIPTION =
  'Money is an integer number of copper, the smallest coin. ' +
  `1 silver = ${n(COPPER_PER_SILVER)} copper, 1 gold = ${n(COPPER_PER_GOLD / COPPER_PER_SILVER)} silver = ` +
  `${n(COPPER_PER_GOLD)} copper, 1 platinum = ${n(COPPER_PER_PLATINUM / COPPER_PER_GOLD)} gold = ` +
  `${n(COPPER_PER_PLATINUM)} copper. Written in coins, an amount is four denominations of 0 to ` +
  `${DENOMINATION_MAX} each (platinum, gold, silver, copper): 2 gold 500 silver is ` +
  `${n(2 * COPPER_PER_GOLD + 500 * COPPER_PER_SILVER)} copper.`;

/** An amount of money in copper (a unit price, a total, an offer). */
export const copperSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_TOTAL_COPPER)
  .meta({ id: 'Copper', description: MONEY_DESCRIPTION });

/** One denomination of an amount written in coins: 0 to 999 platinum, gold, silver or copper. */
export const denominationSchema = z
  .number()
  .int()
  .min(0)
  .max(DENOMINATION_MAX)
  .meta({
    id: 'Denomination',
    description: `A count of one coin, 0 to ${DENOMINATION_MAX}; the four together make an amount. ${MONEY_DESCRIPTION}`,
  });
