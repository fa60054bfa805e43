import { describe, expect, it } from 'vitest';
import {
  isValidChineseAddress,
  isValidChineseCompanyName,
} from '../../../../src/contract/validators/chineseText';
import {
  isValidEnglishAddress,
  isValidEnglishCompanyName,
} from '../../../../src/contract/validators/latinText';
import {
  isValidChineseName,
  isValidEnglishName,
  isValidPersonalName,
} from '../../../../src/contract/validators/personName';

describe('English company name and address', () => {
  it.each([
    'Acme Trading Limited',
    'Acme (Asia) Co., Ltd.',
    'Smith & Sons Pte. Ltd.',
    "Queen's Wharf Holdings",
    'Tencent Technology (Shenzhen) Company Limited',
    '3M Company',
  ])('accepts the company name %s', (name) => {
    expect(isValidEnglishCompanyName(name)).toBe(true);
  });

  it.each([
    ['Chinese characters', '深圳市腾讯计算机系统有限公司'],
    ['mixed Chinese and Latin', 'Acme 有限公司'],
    ['full-width brackets', 'Acme（Asia）Ltd'],
    ['no letter at all', '12345'],
    ['leading space', ' Acme Ltd'],
    ['two spaces in a row', 'Acme  Ltd'],
    ['an emoji', 'Acme Ltd 🚀'],
    ['angle brackets', 'Acme <script>'],
  ])('refuses a company name with %s', (_label, name) => {
    expect(isValidEnglishCompanyName(name)).toBe(false);
  });

  it.each([
    "Flat 5/F, 12 Queen's Road Central, Hong Kong",
    '1 Marina Boulevard #28-00, Singapore 018989',
    '1600 Amphitheatre Parkway, Mountain View, CA 94043',
    'Room 1201, Tower A; No. 88 Jianguo Road',
  ])('accepts the address %s', (address) => {
    expect(isValidEnglishAddress(address)).toBe(true);
  });

  it.each(['北京市朝阳区建国路88号', 'Room 1201，Tower A'])('refuses the address %s', (address) => {
    expect(isValidEnglishAddress(address)).toBe(false);
  });
});

describe('Chinese company name and address', () => {
  it.each([
    '深圳市腾讯计算机系统有限公司',
    '阿里巴巴（中国）有限公司',
    '华为技术有限公司',
    '北京SOHO中国有限公司',
  ])('accepts the company name %s', (name) => {
    expect(isValidChineseCompanyName(name)).toBe(true);
  });

  it.each([
    ['only Latin letters', 'Acme Trading Limited'],
    ['an emoji', '腾讯🚀有限公司'],
    ['angle brackets', '腾讯<b>有限公司'],
    ['a trailing space', '华为技术有限公司 '],
  ])('refuses a company name with %s', (_label, name) => {
    expect(isValidChineseCompanyName(name)).toBe(false);
  });

  it.each([
    '北京市朝阳区建国路88号SOHO现代城A座1201室',
    '广东省深圳市南山区粤海街道科技园科技中一路腾讯大厦35层',
  ])('accepts the address %s', (address) => {
    expect(isValidChineseAddress(address)).toBe(true);
  });

  it('refuses an address without Chinese characters', () => {
    expect(isValidChineseAddress('88 Jianguo Road')).toBe(false);
  });
});

describe('personal names', () => {
  it.each(['张', '欧阳', '娜仁花', '阿依古丽·买买提'])('accepts the Chinese name %s', (name) => {
    expect(isValidChineseName(name)).toBe(true);
  });

  it.each([
    ['Latin letters', 'Zhang'],
    ['a leading middle dot', '·买买提'],
    ['a doubled middle dot', '阿依古丽··买买提'],
    ['a space', '张 三'],
    ['a digit', '张3'],
    ['a katakana dot', '阿依古丽・买买提'],
    ['empty', ''],
  ])('refuses a Chinese name with %s', (_label, name) => {
    expect(isValidChineseName(name)).toBe(false);
  });

  // A dot between letters needs no space after it: initials as a passport prints them (J.R.R.).
  it.each(['Zhang', 'San', "O'Brien", 'Jean-Luc', 'St. John', 'Mary Ann', 'Jr.', 'J.R.R.'])(
    'accepts the English name %s',
    (name) => {
      expect(isValidEnglishName(name)).toBe(true);
    },
  );

  it.each([
    ['Chinese characters', '张三'],
    ['a digit', 'Zhang3'],
    ['two spaces', 'Mary  Ann'],
    ['a leading hyphen', '-Ann'],
    ['a trailing space', 'Ann '],
    ['an accented letter', 'José'],
    ['empty', ''],
  ])('refuses an English name with %s', (_label, name) => {
    expect(isValidEnglishName(name)).toBe(false);
  });

  it('registration accepts either script', () => {
    expect(isValidPersonalName('张')).toBe(true);
    expect(isValidPersonalName('Zhang')).toBe(true);
    expect(isValidPersonalName('张Zhang')).toBe(false);
  });
});
