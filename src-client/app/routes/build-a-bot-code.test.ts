import { describe, expect, it } from 'vitest';
import { BOT_CODE, BOT_LANGUAGES, BOT_STEPS } from './build-a-bot-code';

describe('the Build a bot guide code', () => {
  it.each(BOT_LANGUAGES)('has every step the guide explains in the %s bot, and no other', (language) => {
    expect(Object.keys(BOT_CODE[language]).sort()).toEqual([...BOT_STEPS].sort());
    for (const step of BOT_STEPS) expect(BOT_CODE[language][step]).not.toBe('');
  });

  it('shows each step doing the same in both languages', () => {
    const { typescript: ts, python: py } = BOT_CODE;
    expect(ts.client).toContain('createClient<paths>');
    expect(py.client).toContain('AuthenticatedClient(');
    expect(ts.find).toContain("api.GET('/api/listings'");
    expect(py.find).toContain('get_api_listings.sync_detailed(');
    expect(ts.watch).toContain("'listing:watch'");
    expect(py.watch).toContain('"listing:watch"');
    expect(ts.offer).toContain("api.POST('/api/offers'");
    expect(py.offer).toContain('post_api_offers.sync_detailed(');
    expect(ts.events).toContain('isNewer(');
    expect(py.events).toContain('is_newer(');
  });
});
