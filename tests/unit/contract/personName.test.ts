// Issue 31: a Chinese name reads family name first in any UI language ("张伟", never "伟 张"); a
// Latin one given name first. The one helper every page, list and mail uses.
import { describe, expect, it } from 'vitest';
import { formatPersonName } from '../../../src/contract/personName';

describe('formatPersonName', () => {
  it.each([
    // [first (given), last (family), as read]
    ['伟', '张', '张伟'],
    ['小明', '欧阳', '欧阳小明'],
    ['阿依古丽', '买买提', '买买提阿依古丽'],
    ['민준', '김', '김민준'],
    ['Mei', 'Chen', 'Mei Chen'],
    ['Jean-Luc', "O'Brien", "Jean-Luc O'Brien"],
    // Mixed scripts: family first, kept apart.
    ['Wei', '张', '张 Wei'],
    ['伟', 'Zhang', 'Zhang 伟'],
  ])('%s + %s → %s', (firstName, lastName, read) => {
    expect(formatPersonName({ firstName, lastName })).toBe(read);
  });

  it('trims the parts and leaves out a missing one', () => {
    expect(formatPersonName({ firstName: '  伟 ', lastName: ' 张' })).toBe('张伟');
    expect(formatPersonName({ firstName: 'Mei', lastName: '' })).toBe('Mei');
    expect(formatPersonName({ firstName: null, lastName: '张' })).toBe('张');
    expect(formatPersonName({ firstName: undefined, lastName: '   ' })).toBe('');
  });
});
