import { describe, expect, it } from 'vitest';
import type { ItemOption } from '../../../../src-common/catalogue';
import { exactMatch, matchCountText, unmatchedText } from './item-picker';

const options = [{ name: 'Rapier' }, { name: '0 to 180 Rapier' }] as ItemOption[];

describe('item picker', () => {
  it('keeps an item typed exactly, in any case and with outer spaces', () => {
    expect(exactMatch(options, '  rapier ')?.name).toBe('Rapier');
    expect(exactMatch(options, 'Rapie')).toBeUndefined();
    expect(exactMatch(options, '   ')).toBeUndefined();
  });
  it('announces how many items match, or that none do', () => {
    expect(matchCountText(0)).toBe('No items match.');
    expect(matchCountText(1)).toBe('1 item matches.');
    expect(matchCountText(1234)).toBe('1,234 items match.');
  });

  it('says the catalogue is loading rather than that nothing matches', () => {
    expect(matchCountText(0, true)).toBe('Loading items…');
  });

  it('names the text left in the field when it names no item', () => {
    expect(unmatchedText('  rapier zzz ')).toBe('No item is named "rapier zzz". Choose one from the list.');
  });
});
