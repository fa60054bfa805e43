// Field extraction from engine output (issue 30): rows from pieces, labels that are letter-spaced,
// addresses over two rows, OCR's look-alike characters, MRZ lines whose fillers were dropped.
import { parse } from 'mrz';
import { describe, expect, it } from 'vitest';
import {
  alignMrzLine2,
  extractReading,
  fitMrzLine,
  mrzDate,
  printedDate,
} from '../../../../src/server/services/documents/extract';
import { rowsOfPage } from '../../../../src/server/services/documents/layout';
import type { OcrLine, OcrPage } from '../../../../src/server/services/documents/types';
import { td3Lines } from '../../../support/documents/mrz';

const today = new Date('2026-11-28T00:00:00Z');
/** A piece of text at (x, y), 20 px high, 12 px a character. */
const piece = (text: string, x: number, y: number): OcrLine => ({
  text,
  box: [x, y, x + text.length * 12, y + 20],
});
const page = (...lines: OcrLine[]): OcrPage => ({ width: 1000, height: 700, lines });
const values = (p: OcrPage, kind: string) =>
  Object.fromEntries(Object.entries(extractReading(kind, [p], today).fields).map(([k, v]) => [k, v.value]));

describe('rows', () => {
  it('puts pieces that share a line in one row, left to right, and rows top to bottom', () => {
    const rows = rowsOfPage(page(piece('黄杰', 100, 52), piece('姓名', 20, 50), piece('出生', 20, 100)));
    expect(rows.map((r) => r.text)).toEqual(['姓名 黄杰', '出生']);
    expect(rows[0]?.compact).toBe('姓名黄杰');
    expect(rows[0]?.box).toEqual([20, 50, 124, 72]);
  });
});

describe('rows on a tilted photo', () => {
  it('do not chain one row to the next through a piece that overlaps both', () => {
    // "名称 …公司" slopes down to the right into the height of "类型 …（法人独资）".
    const rows = rowsOfPage(
      page(
        { text: '称上海市博源网络科技有限公司', box: [457, 568, 830, 644] },
        { text: '名', box: [323, 623, 350, 654] },
        { text: '有限责任公司（法人独资）', box: [516, 638, 797, 699] },
        { text: '型', box: [463, 669, 503, 700] },
      ),
    );
    expect(rows.map((r) => r.compact)).toEqual([
      '名称上海市博源网络科技有限公司',
      '型有限责任公司（法人独资）',
    ]);
  });
});

describe('ID card front', () => {
  const front = page(
    piece('姓 名', 20, 30),
    piece('黄杰', 100, 30),
    piece('性 别 男', 20, 70),
    piece('民 族 汉', 200, 70),
    piece('出 生 1982 年 12 月 8 日', 20, 110),
    piece('住 址', 20, 150),
    piece('浙江省杭州市西湖区人民路', 100, 150),
    piece('122号5栋331室', 100, 175),
    piece('样本 SPECIMEN', 600, 180),
    piece('公民身份号码', 20, 250),
    piece('33O1O6198212O84O39', 200, 250),
  );

  it('reads the fields by their labels, the address over two rows, digits read as letters mapped back', () => {
    expect(values(front, 'idFront')).toEqual({
      name: '黄杰',
      sex: '男',
      ethnicity: '汉',
      birthDate: '1982-12-08',
      address: '浙江省杭州市西湖区人民路122号5栋331室',
      idNumber: '330106198212084039',
    });
  });

  it('prefers an 18-digit run whose check digit holds', () => {
    const p = page(piece('公民身份号码 330106198212084030 330106198212084039', 20, 250));
    expect(values(p, 'idFront').idNumber).toBe('330106198212084039');
  });

  it('drops a quote Tesseract reads in the gap after a label, and a label character read twice', () => {
    expect(values(page(piece('姓名 “杨磊', 20, 30)), 'idFront').name).toBe('杨磊');
    expect(values(page(piece('姓名 名杨磊', 20, 30)), 'idFront').name).toBe('杨磊');
  });

  it('reads nothing it cannot find', () => {
    expect(values(page(piece('样本', 20, 30)), 'idFront')).toEqual({});
  });
});

describe('ID card back', () => {
  it('reads the authority and the validity period, long-term included', () => {
    const back = page(
      piece('签发机关 杭州市公安局西湖分局', 20, 30),
      piece('有效期限 2018.08.21-2038.08.21', 20, 70),
    );
    expect(values(back, 'idBack')).toEqual({
      authority: '杭州市公安局西湖分局',
      validFrom: '2018-08-21',
      validTo: '2038-08-21',
    });
    expect(values(page(piece('有效期限 2018.08.21-长期', 20, 70)), 'idBack').validTo).toBe('长期');
  });
});

describe('passport', () => {
  const fields = {
    issuingState: 'CHN',
    surname: 'SUN',
    givenNames: 'LEICHAO',
    number: 'E86437172',
    nationality: 'CHN',
    birthDate: '1978-11-17',
    sex: 'M' as const,
    expiryDate: '2033-05-28',
  };
  const [line1, line2] = td3Lines(fields);

  it('builds MRZ lines the mrz package accepts (two implementations agree)', () => {
    expect(parse([line1, line2]).valid).toBe(true);
  });

  it('reads the MRZ with its check digits and the printed number', () => {
    const p = page(
      piece('护照号/Passport No. E86437172', 400, 40),
      piece(line1, 10, 600),
      piece(line2, 10, 630),
    );
    const reading = extractReading('passportPhotoPage', [p], today);
    expect(reading.mrz).toEqual({ lines: [line1, line2], valid: true, failedChecks: [] });
    expect(values(p, 'passportPhotoPage')).toMatchObject({
      number: 'E86437172',
      printedNumber: 'E86437172',
      surname: 'SUN',
      givenNames: 'LEICHAO',
      birthDate: '1978-11-17',
      expiryDate: '2033-05-28',
      sex: 'M',
    });
  });

  it('finds the two lines even when a tilted photo puts them in one row', () => {
    const tilted = page({ text: line1, box: [10, 560, 900, 640] }, { text: line2, box: [10, 600, 900, 680] });
    expect(extractReading('passportPhotoPage', [tilted], today).mrz?.valid).toBe(true);
  });

  it('says a broken check digit is not valid, and which', () => {
    const broken = line2.slice(0, 9) + String((Number(line2.charAt(9)) + 1) % 10) + line2.slice(10);
    const reading = extractReading(
      'passportPhotoPage',
      [page(piece(line1, 10, 600), piece(broken, 10, 630))],
      today,
    );
    expect(reading.mrz?.valid).toBe(false);
    expect(reading.mrz?.failedChecks).toContain('documentNumberCheckDigit');
  });

  it('a misread letter of the country is not a failed check digit', () => {
    const misread = line1.replace('P<CHN', 'P<HN<');
    const reading = extractReading(
      'passportPhotoPage',
      [page(piece(misread, 10, 600), piece(line2, 10, 630))],
      today,
    );
    expect(reading.mrz?.valid).toBe(true);
    expect(reading.mrz?.failedChecks).toContain('issuingState');
  });

  it('stretches or shrinks the longest run of fillers to 44 characters', () => {
    expect(fitMrzLine('P<CHNSUN<<LEICHAO<<<<')).toBe(line1);
    expect(fitMrzLine(line2.replace('<<<<<<<<<<<<<<<', '<<<<<<'))).toBe(line2);
    expect(fitMrzLine(line2.replace('<<<<<<<<<<<<<<<', '<'.repeat(20)))).toBe(line2);
  });

  it('puts a second line with a short nationality back in its places, so dates and checks hold', () => {
    const short = line2.replace('CHN', 'HN');
    expect(alignMrzLine2(short)).toBe(line2.replace('CHN', 'HN<'));
    const reading = extractReading(
      'passportPhotoPage',
      [page(piece(line1, 10, 600), piece(short, 10, 630))],
      today,
    );
    expect(reading.mrz?.valid).toBe(true);
    expect(values(page(piece(line1, 10, 600), piece(short, 10, 630)), 'passportPhotoPage')).toMatchObject({
      birthDate: '1978-11-17',
      expiryDate: '2033-05-28',
    });
    // Fillers of the personal number dropped: the last two check digits stay last.
    expect(alignMrzLine2(line2.replace('<<<<<<<<<<<<<<', '<<<<<'))).toBe(line2);
  });

  it('takes the names from the printed page before the MRZ, whose letters OCR drops', () => {
    const misread = line1.replace('LEICHAO', 'LECHAO');
    const p = page(
      piece('姓名/Name', 300, 100),
      piece('SUN, LEICHAO', 300, 130),
      piece('出生日期/Date of birth', 300, 200),
      piece('有效期至/Date of expiry', 600, 200),
      piece('17 NOV 1978', 300, 230),
      piece('28 MAY 2033', 600, 230),
      piece(misread, 10, 600),
      piece(line2, 10, 630),
    );
    expect(values(p, 'passportPhotoPage')).toMatchObject({ surname: 'SUN', givenNames: 'LEICHAO' });
    expect(printedDate('17 NOV 1978')).toBe('1978-11-17');
    expect(printedDate('O4DEC2031')).toBe('2031-12-04');
    expect(printedDate('17 XYZ 1978')).toBeNull();
  });

  it('takes a printed date when the MRZ date fails its check digit', () => {
    // The birth date misread (17 → 11) and so failing its check digit; the printed one is right.
    const wrongBirth = line2.replace('781117', '781111');
    const p = page(
      piece('出生日期/Date of birth', 300, 200),
      piece('17 NOV 1978', 300, 230),
      piece(line1, 10, 600),
      piece(wrongBirth, 10, 630),
    );
    expect(values(p, 'passportPhotoPage').birthDate).toBe('1978-11-17');
  });

  it('reads two-digit years: a birth year not yet reached is last century, an expiry this one', () => {
    expect(mrzDate('781117', 'birth', today)).toBe('1978-11-17');
    expect(mrzDate('051117', 'birth', today)).toBe('2005-11-17');
    expect(mrzDate('330528', 'expiry', today)).toBe('2033-05-28');
    expect(mrzDate('33052', 'expiry', today)).toBeNull();
  });
});

describe('business licence', () => {
  it('reads the USCC (letters it cannot contain mapped to digits) and the labelled fields', () => {
    const p = page(
      piece('统一社会信用代码 9135O1OOMOOO1OOY43', 20, 20),
      piece('名 称', 20, 100),
      piece('成都市瑞丰贸易有限公司', 200, 100),
      piece('类 型 有限责任公司(自然人投资或控股)', 20, 140),
      piece('成 立 日 期 2011年09月09日', 20, 180),
      piece('住 所 四川省成都市武侯区文化路158号25层', 20, 220),
    );
    expect(values(p, 'businessLicense')).toEqual({
      uscc: '91350100M000100Y43',
      companyName: '成都市瑞丰贸易有限公司',
      type: '有限责任公司（自然人投资或控股）',
      establishmentDate: '2011-09-09',
      address: '四川省成都市武侯区文化路158号25层',
    });
  });
});

describe('business licence photographed at a tilt', () => {
  it('reads the company name when the letter-spaced label came apart ("名" alone, "称…" with the value)', () => {
    const p = page(
      { text: '统一社会信用代码 91310115NHHKRLDM64', box: [306, 321, 755, 413] },
      { text: '称上海市博源网络科技有限公司', box: [457, 568, 830, 644] },
      { text: '名', box: [323, 623, 350, 654] },
    );
    expect(values(p, 'businessLicense').companyName).toBe('上海市博源网络科技有限公司');
  });
});

describe('other documents', () => {
  it('keep their text only', () => {
    const reading = extractReading(
      'proofOfAddress',
      [page(piece('电费账单', 20, 20), piece('地址 上海', 20, 60))],
      today,
    );
    expect(reading.fields).toEqual({});
    expect(reading.text).toBe('电费账单\n地址 上海');
  });
});
