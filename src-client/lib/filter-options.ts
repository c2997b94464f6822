import { EPISODES, professionFilterValues } from '../../src-common/catalogue';

/** Episodes in the game's order; Global only when the data has it. */
export function episodeOptions(present: Iterable<string>): string[] {
  const have = new Set(present);
  return EPISODES.filter((e) => e !== 'Global' || have.has(e));
}

export interface FilterOptions {
  episodes: string[];
  professions: string[];
}

/** Episode and profession choices from whatever items are in play (catalogue or a user's listings). */
export function filterOptions(
  items: Iterable<{ episode: string; professions: readonly string[] }>,
): FilterOptions {
  const episodes: string[] = [];
  const professions: string[] = [];
  for (const item of items) {
    episodes.push(item.episode);
    professions.push(...item.professions);
  }
  return { episodes: episodeOptions(episodes), professions: professionFilterValues(professions) };
}
