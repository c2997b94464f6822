import { z } from 'zod';
import type { CatalogueItem, ItemOption } from '../catalogue';

/** One entry of GET /api/items, spelt exactly as the catalogue file spells it (every value is text). */
export const catalogueItemSchema = z.object({
  Items: z.string(),
  Image: z.string(),
  Episode: z.string(),
  'Profession A': z.string(),
  'Profession Level A': z.string(),
  'Profession B': z.string(),
  'Profession Level B': z.string(),
  'Combat Category': z.string(),
  'Combat Level': z.string(),
  Strength: z.string(),
  'Damage Type': z.string(),
  'Damage %': z.string(),
  Impact: z.string(),
  Cryonae: z.string(),
  Arborae: z.string(),
  Tempestae: z.string(),
  Infernae: z.string(),
  Necromae: z.string(),
  Rarity: z.string(),
}) satisfies z.ZodType<CatalogueItem>;

/** One entry of GET /api/items/meta/names, what the post form's item picker needs. */
export const itemOptionSchema = z.object({
  name: z.string(),
  image: z.string(),
  episode: z.string(),
  professions: z.array(z.string()),
  combatCategory: z.string(),
  isCombat: z.boolean(),
}) satisfies z.ZodType<ItemOption>;
