const pluralRules = new Intl.PluralRules('en-US');

/** "1 Active Listing", "2 Active Listings", "1,234 items": the count and the noun form English plural rules pick. */
export function countLabel(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${pluralRules.select(count) === 'one' ? one : other}`;
}
