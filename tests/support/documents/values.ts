// Invented document values for the reading tests and bench (issue 30): mainland ID cards, passports
// and business licences of people and companies that do not exist. Seeded, so a seed always gives
// the same documents (the render cache depends on it). Each sample also carries what an applicant
// "typed"; some samples type a value that differs from the document on purpose.
import { idCardCheckCharacter } from '../../../src/contract/validators/mainlandIdCard';
import { organizationCodeCheckCharacter } from '../../../src/contract/validators/organizationCode';
import { usccCheckCharacter } from '../../../src/contract/validators/unifiedSocialCreditCode';
import { td3Lines, type Td3Fields } from './mrz';

/** A small deterministic PRNG (mulberry32): the same seed, the same documents. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const digits = (rand: Rand, n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// Common surnames and given-name characters, combined at random: invented people.
const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
];
const SURNAME_PINYIN: Record<string, string> = {
  王: 'WANG',
  李: 'LI',
  张: 'ZHANG',
  刘: 'LIU',
  陈: 'CHEN',
  杨: 'YANG',
  黄: 'HUANG',
  赵: 'ZHAO',
  吴: 'WU',
  周: 'ZHOU',
  徐: 'XU',
  孙: 'SUN',
  马: 'MA',
  朱: 'ZHU',
  胡: 'HU',
  郭: 'GUO',
};
const GIVEN: readonly (readonly [string, string])[] = [
  ['伟', 'WEI'],
  ['芳', 'FANG'],
  ['娜', 'NA'],
  ['敏', 'MIN'],
  ['静', 'JING'],
  ['丽', 'LI'],
  ['强', 'QIANG'],
  ['磊', 'LEI'],
  ['军', 'JUN'],
  ['洋', 'YANG'],
  ['勇', 'YONG'],
  ['艳', 'YAN'],
  ['杰', 'JIE'],
  ['涛', 'TAO'],
  ['明', 'MING'],
  ['超', 'CHAO'],
  ['秀', 'XIU'],
  ['霞', 'XIA'],
  ['平', 'PING'],
  ['刚', 'GANG'],
  ['桂', 'GUI'],
  ['英', 'YING'],
  ['华', 'HUA'],
  ['文', 'WEN'],
  ['建', 'JIAN'],
  ['国', 'GUO'],
  ['志', 'ZHI'],
  ['海', 'HAI'],
];
const ETHNICITIES = ['汉', '汉', '汉', '汉', '回', '满', '壮', '苗'];
// Address codes (GB/T 2260 districts) with the place names an address on that card starts with.
const PLACES: readonly { code: string; prefix: string; authority: string }[] = [
  { code: '110105', prefix: '北京市朝阳区', authority: '北京市公安局朝阳分局' },
  { code: '310115', prefix: '上海市浦东新区', authority: '上海市公安局浦东分局' },
  { code: '440305', prefix: '广东省深圳市南山区', authority: '深圳市公安局南山分局' },
  { code: '330106', prefix: '浙江省杭州市西湖区', authority: '杭州市公安局西湖分局' },
  { code: '510107', prefix: '四川省成都市武侯区', authority: '成都市公安局武侯区分局' },
  { code: '420111', prefix: '湖北省武汉市洪山区', authority: '武汉市公安局洪山区分局' },
];
const STREETS = ['建国路', '人民路', '解放大道', '中山路', '科技园路', '文化路', '长江路', '和平街'];
const COMPANY_WORDS = ['华远', '明信', '恒达', '启航', '嘉禾', '瑞丰', '远景', '天成', '博源', '新象'];
const COMPANY_TRADES = ['科技', '贸易', '信息技术', '供应链管理', '网络科技', '实业'];
const COMPANY_TYPES = [
  '有限责任公司（自然人投资或控股）',
  '有限责任公司（法人独资）',
  '股份有限公司（非上市）',
];

export interface IdCardValues {
  name: string;
  sex: '男' | '女';
  ethnicity: string;
  /** ISO date. */
  birthDate: string;
  address: string;
  idNumber: string;
  authority: string;
  /** ISO dates of the validity period printed on the back. */
  validFrom: string;
  validTo: string;
}

export interface PassportValues extends Td3Fields {
  /** The printed number (the MRZ carries the same). */
  printedNumber: string;
  /** The two MRZ lines as printed (with a broken check digit when `brokenCheckDigit`). */
  mrz: [string, string];
  brokenCheckDigit: boolean;
}

export interface LicenceValues {
  uscc: string;
  companyName: string;
  type: string;
  legalRepresentative: string;
  /** ISO date. */
  establishmentDate: string;
  address: string;
}

/** What the applicant typed for the document's fields (same names as the values). */
export type Typed<T> = Partial<Record<keyof T, string>>;

export type DocumentSample =
  | { kind: 'idFront' | 'idBack'; key: string; values: IdCardValues; typed: Typed<IdCardValues> }
  | { kind: 'passportPhotoPage'; key: string; values: PassportValues; typed: Typed<PassportValues> }
  | { kind: 'businessLicense'; key: string; values: LicenceValues; typed: Typed<LicenceValues> };

function isoDate(rand: Rand, fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(rand() * (toYear - fromYear + 1));
  return `${year}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`;
}

export function chineseName(rand: Rand): { chinese: string; surname: string; given: string } {
  const surname = pick(rand, SURNAMES);
  const parts = Array.from({ length: rand() < 0.6 ? 2 : 1 }, () => pick(rand, GIVEN));
  return {
    chinese: surname + parts.map((p) => p[0]).join(''),
    surname: SURNAME_PINYIN[surname] ?? 'WANG',
    given: parts.map((p) => p[1]).join(''),
  };
}

export function idNumberOf(areaCode: string, birthDate: string, rand: Rand, male: boolean): string {
  // The 17th digit (last of the sequence) is odd for men, even for women.
  const sequence = digits(rand, 2) + String((Math.floor(rand() * 5) * 2 + (male ? 1 : 0)) % 10);
  const first17 = areaCode + birthDate.replaceAll('-', '') + sequence;
  return first17 + (idCardCheckCharacter(first17) ?? '0');
}

/** A valid USCC: 91 (company, industry and commerce), a district, an organization code, MOD 31. */
export function usccOf(rand: Rand, areaCode: string): string {
  const ALNUM = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  for (;;) {
    const body = Array.from({ length: 8 }, () => ALNUM.charAt(Math.floor(rand() * ALNUM.length))).join('');
    const orgCheck = organizationCodeCheckCharacter(body);
    if (!orgCheck) continue;
    const first17 = `91${areaCode}${body}${orgCheck}`;
    const check = usccCheckCharacter(first17);
    if (check) return first17 + check;
  }
}

/** Changes one character of a number to another of the same kind (the typo an applicant makes). */
export function oneCharacterOff(value: string, rand: Rand): string {
  const at = Math.floor(rand() * value.length);
  const ch = value.charAt(at);
  const next = /\d/.test(ch)
    ? String((Number(ch) + 1 + Math.floor(rand() * 8)) % 10)
    : ch === 'A'
      ? 'B'
      : 'A';
  return value.slice(0, at) + next + value.slice(at + 1);
}

export function idCardValues(rand: Rand): IdCardValues {
  const place = pick(rand, PLACES);
  const male = rand() < 0.5;
  const birthDate = isoDate(rand, 1960, 2002);
  const validFromYear = 2016 + Math.floor(rand() * 9);
  const validFrom = `${validFromYear}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`;
  return {
    name: chineseName(rand).chinese,
    sex: male ? '男' : '女',
    ethnicity: pick(rand, ETHNICITIES),
    birthDate,
    address: `${place.prefix}${pick(rand, STREETS)}${1 + Math.floor(rand() * 300)}号${1 + Math.floor(rand() * 20)}栋${100 + Math.floor(rand() * 1500)}室`,
    idNumber: idNumberOf(place.code, birthDate, rand, male),
    authority: place.authority,
    validFrom,
    validTo: `${validFromYear + 20}${validFrom.slice(4)}`,
  };
}

export function passportValues(rand: Rand, brokenCheckDigit = false): PassportValues {
  const name = chineseName(rand);
  const number = `E${digits(rand, 8)}`;
  const fields: Td3Fields = {
    issuingState: 'CHN',
    surname: name.surname,
    givenNames: name.given,
    number,
    nationality: 'CHN',
    birthDate: isoDate(rand, 1960, 2002),
    sex: rand() < 0.5 ? 'M' : 'F',
    expiryDate: isoDate(rand, 2027, 2035),
  };
  const [line1, line2] = td3Lines(fields);
  // A broken page: the passport number's check digit (line 2, position 10) is off by one.
  const mrz: [string, string] = brokenCheckDigit
    ? [line1, line2.slice(0, 9) + String((Number(line2.charAt(9)) + 1) % 10) + line2.slice(10)]
    : [line1, line2];
  return { ...fields, printedNumber: number, mrz, brokenCheckDigit };
}

export function licenceValues(rand: Rand): LicenceValues {
  const place = pick(rand, PLACES);
  const city = place.prefix.replace(/^.*?省/, '').replace(/(市).*$/, '$1');
  return {
    uscc: usccOf(rand, place.code),
    companyName: `${city}${pick(rand, COMPANY_WORDS)}${pick(rand, COMPANY_TRADES)}有限公司`,
    type: pick(rand, COMPANY_TYPES),
    legalRepresentative: chineseName(rand).chinese,
    establishmentDate: isoDate(rand, 2005, 2024),
    address: `${place.prefix}${pick(rand, STREETS)}${1 + Math.floor(rand() * 300)}号${1 + Math.floor(rand() * 30)}层`,
  };
}

/** One in `differEvery` samples types a value one character off (the rest type the document's values). */
export interface SampleSetOptions {
  seed: number;
  count: number;
  differEvery?: number;
}

export function idCardSamples({ seed, count, differEvery = 5 }: SampleSetOptions): DocumentSample[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const values = idCardValues(rand);
    const differs = differEvery > 0 && i % differEvery === differEvery - 1;
    const typed = {
      name: values.name,
      idNumber: differs ? oneCharacterOff(values.idNumber, rand) : values.idNumber,
    };
    return { kind: 'idFront' as const, key: `id-${seed}-${i}`, values, typed };
  });
}

export function passportSamples({ seed, count, differEvery = 5 }: SampleSetOptions): DocumentSample[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    // Every fourth page has a broken check digit (a damaged or forged page).
    const values = passportValues(rand, i % 4 === 3);
    const differs = differEvery > 0 && i % differEvery === differEvery - 1;
    const typed = { number: differs ? oneCharacterOff(values.number, rand) : values.number };
    return { kind: 'passportPhotoPage' as const, key: `passport-${seed}-${i}`, values, typed };
  });
}

export function licenceSamples({ seed, count, differEvery = 5 }: SampleSetOptions): DocumentSample[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const values = licenceValues(rand);
    const differs = differEvery > 0 && i % differEvery === differEvery - 1;
    const typed = {
      uscc: differs ? oneCharacterOff(values.uscc, rand) : values.uscc,
      companyName: values.companyName,
      establishmentDate: values.establishmentDate,
    };
    return { kind: 'businessLicense' as const, key: `licence-${seed}-${i}`, values, typed };
  });
}
