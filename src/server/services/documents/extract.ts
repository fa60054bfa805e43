// Fields of a document from its rows of text, by anchors (the printed labels) and patterns (what an
// ID number, a USCC, a date or an MRZ line looks like). Engine-neutral and pure: the same rows give
// the same fields. Characters OCR confuses are mapped only where the field's alphabet allows it.
import { parse as parseMrz } from 'mrz';
import { idCardCheckCharacter } from '../../../contract/validators/mainlandIdCard';
import { usccCheckCharacter } from '../../../contract/validators/unifiedSocialCreditCode';
import { compactText, rowsOfPages, type Row } from './layout';
import type { MrzReading, ReadField, ReadFields } from '../../../contract/documents/reading';
import type { DocumentReading, OcrLine, OcrPage } from './types';

const pad2 = (s: string) => s.padStart(2, '0');

function fieldOf(row: Row, value: string): ReadField {
  return { value, page: row.page, box: row.box };
}

/** Text after a label in a row, the label matched without spaces ("名 称" is "名称"). */
function afterLabel(rows: readonly Row[], label: string): { row: Row; rest: string } | null {
  for (const row of rows) {
    const at = row.compact.indexOf(label);
    // Tesseract reads the gap after a label as a quote or colon now and then.
    if (at >= 0) return { row, rest: row.compact.slice(at + label.length).replace(/^[:：“”"'‘’]+/, '') };
  }
  return null;
}

/**
 * A letter-spaced two-character label whose characters the engine read apart (on a tilted photo the
 * first may even land in another row): a piece that starts with the label's second character and
 * goes on with the value ("称上海市…有限公司" after a lone "名").
 */
function afterSplitLabel(rows: readonly Row[], label: string): { row: Row; rest: string } | null {
  const [first, second] = [...label];
  if (!first || !second) return null;
  const lone = rows.some((row) => row.pieces.some((p) => compactText(p.text) === first));
  if (!lone) return null;
  for (const row of rows) {
    for (const piece of row.pieces) {
      const text = compactText(piece.text);
      if (text.startsWith(second) && text.length > 3) return { row, rest: text.slice(1) };
    }
  }
  return null;
}

// Digits OCR reads as letters, for fields that hold only digits.
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  '|': '1',
  i: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
};

function asDigits(text: string): string {
  return [...text].map((c) => DIGIT_LOOKALIKES[c] ?? c).join('');
}

/** 1985年3月7日 (spaces allowed) → 1985-03-07. */
function chineseDateIn(text: string): string | null {
  const m = /(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(compactText(text));
  return m ? `${m[1]}-${pad2(m[2] ?? '')}-${pad2(m[3] ?? '')}` : null;
}

/**
 * The 18-character ID numbers in a text, best first: a whole token with a correct check character,
 * any whole token, then 18-character windows of longer runs (OCR joins or splits tokens), again
 * those with a correct check character first.
 */
function idNumbersIn(text: string): string[] {
  const valid = (n: string) => idCardCheckCharacter(n.slice(0, 17)) === n.charAt(17);
  const shape = /^\d{17}[\dX]$/;
  const tokens = text
    .split(/\s+/)
    .map((t) => asDigits(t).replace(/x/g, 'X'))
    .filter((t) => shape.test(t));
  const cleaned = asDigits(compactText(text)).replace(/x/g, 'X');
  const windows = [...cleaned.matchAll(/(?=(\d{17}[\dX]))/g)].map((m) => m[1] ?? '');
  return [...tokens.filter(valid), ...tokens, ...windows.filter(valid), ...windows];
}

/**
 * A value that continues on the next rows (an address): pieces under it that start near its left
 * edge, not those far to the right (a photo's caption, a seal); stops at the next label.
 */
function withContinuation(rows: readonly Row[], first: Row, start: string, stopAt: RegExp): string {
  let text = start;
  const tolerance = (first.box[3] - first.box[1]) * 2;
  const from = first.box[0] - tolerance;
  const to = first.box[0] + (first.box[2] - first.box[0]) / 2;
  for (const row of rows.slice(rows.indexOf(first) + 1)) {
    if (row.page !== first.page || stopAt.test(row.compact)) break;
    const pieces = row.pieces.filter((p) => p.box[0] >= from && p.box[0] <= to);
    if (pieces.length === 0) break;
    text += compactText(pieces.map((p) => p.text).join(''));
  }
  return text;
}

function idFrontFields(rows: readonly Row[]): ReadFields {
  const fields: ReadFields = {};
  const name = afterLabel(rows, '姓名');
  // A letter-spaced label may come out with its last character twice ("姓名 名杨磊").
  const nameValue = name?.rest.replace(/[^\u4e00-\u9fff·]/g, '').replace(/^名(?=..)/, '');
  if (name && nameValue) fields.name = fieldOf(name.row, nameValue);
  const sex = afterLabel(rows, '性别');
  const sexValue = /[男女]/.exec(sex?.rest ?? '')?.[0];
  if (sex && sexValue) fields.sex = fieldOf(sex.row, sexValue);
  const ethnicity = afterLabel(rows, '民族');
  const ethnicityValue = ethnicity?.rest.replace(/[^\u4e00-\u9fff]/g, '');
  if (ethnicity && ethnicityValue) fields.ethnicity = fieldOf(ethnicity.row, ethnicityValue);
  for (const row of rows) {
    const date = chineseDateIn(row.text);
    if (date) {
      fields.birthDate = fieldOf(row, date);
      break;
    }
  }
  const address = afterLabel(rows, '住址');
  if (address?.rest) {
    fields.address = fieldOf(address.row, withContinuation(rows, address.row, address.rest, /公民|身份号码/));
  }
  // The number's row first (its label), then anywhere on the card.
  const numberRow = rows.find((r) => r.compact.includes('身份号码'));
  for (const row of numberRow ? [numberRow, ...rows] : rows) {
    const [number] = idNumbersIn(row.text.replace(/^.*号\s*码/, ''));
    if (number) {
      fields.idNumber = fieldOf(row, number);
      break;
    }
  }
  return fields;
}

function idBackFields(rows: readonly Row[]): ReadFields {
  const fields: ReadFields = {};
  const authority = afterLabel(rows, '签发机关');
  if (authority?.rest) fields.authority = fieldOf(authority.row, authority.rest);
  for (const row of rows) {
    const m = /(\d{4})\.(\d{2})\.(\d{2})[-—–~]+(?:(\d{4})\.(\d{2})\.(\d{2})|(长期))/.exec(
      asDigits(row.compact),
    );
    if (!m) continue;
    fields.validFrom = fieldOf(row, `${m[1]}-${m[2]}-${m[3]}`);
    fields.validTo = fieldOf(row, m[7] ? '长期' : `${m[4]}-${m[5]}-${m[6]}`);
    break;
  }
  return fields;
}

// ---- passport --------------------------------------------------------------------------------------

const MRZ_LENGTH = 44;

/** A row's text as an MRZ line: letters, digits and fillers only, or null when it is not one. */
function mrzCandidate(text: string): string | null {
  const line = compactText(text)
    .toUpperCase()
    .replace(/[«‹＜〈く]/g, '<');
  // Engines that decode by CTC drop repeated fillers ("<<<<" → "<<"): a first line may come out short.
  const minimum = line.startsWith('P') ? 15 : 30;
  if (line.length < minimum || !/^[A-Z0-9<]+$/.test(line) || !line.includes('<')) return null;
  return line;
}

/** Stretches or shrinks the longest run of fillers so the line has `size` characters (OCR drops or adds '<'). */
export function fitMrzLine(line: string, size = MRZ_LENGTH): string {
  if (line.length === size) return line;
  const runs = [...line.matchAll(/<+/g)].sort((a, b) => b[0].length - a[0].length);
  const run = runs[0];
  if (!run || run.index === undefined) return line.padEnd(size, '<').slice(0, size);
  const length = Math.max(1, run[0].length + size - line.length);
  const fitted = line.slice(0, run.index) + '<'.repeat(length) + line.slice(run.index + run[0].length);
  return fitted.padEnd(size, '<').slice(0, size);
}

/**
 * The second MRZ line put back in its places when OCR dropped or added a character: its middle
 * (birth date, check, sex, expiry date, check: 15 characters) is found by its shape, the 13 before
 * it are the number, its check digit and the nationality, the 16 after it the personal number and
 * the last two check digits. A nationality read short ("CHN" as "HN") is padded with fillers, so the
 * dates and their check digits are read from their own places instead of shifted ones.
 */
export function alignMrzLine2(line: string): string {
  if (line.length === MRZ_LENGTH) return line;
  const middle = /\d{7}[MFX<]\d{7}/.exec(line.slice(10));
  if (!middle) return fitMrzLine(line);
  const at = 10 + middle.index;
  const before = line.slice(0, at);
  const head =
    before.length >= 13
      ? before.slice(0, 10) + before.slice(-3)
      : before.slice(0, 10) + before.slice(10).padEnd(3, '<');
  const after = line.slice(at + 15);
  const tail =
    after.length < 2 ? after.padStart(16, '<') : fitMrzLine(after.slice(0, -2), 14) + after.slice(-2);
  return head + line.slice(at, at + 15) + tail;
}

/** YYMMDD → ISO; a birth year not in the past is of the previous century, an expiry is this century's. */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', today: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const thisYY = today.getUTCFullYear() % 100;
  const century = kind === 'expiry' ? 2000 : yy > thisYY ? 1900 : 2000;
  return `${century + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/**
 * The MRZ from single pieces of text, not rows: on a tilted photo the two long MRZ lines' boxes
 * overlap and would share a row. Pieces are taken top to bottom; line 1 starts with P.
 */
function readMrz(rows: readonly Row[]): { reading: MrzReading; rows: Row[] } | null {
  const candidates = rows
    .flatMap((row) => row.pieces.map((piece) => ({ row, piece, line: mrzCandidate(piece.text) })))
    .filter((c): c is { row: Row; piece: OcrLine; line: string } => c.line !== null)
    .sort((a, b) => a.piece.box[1] + a.piece.box[3] - (b.piece.box[1] + b.piece.box[3]));
  const first = candidates.findIndex((c) => c.line.startsWith('P'));
  let line1 = candidates[first];
  let line2 = candidates[first + 1];
  if (!line1 || !line2) {
    // The first line unreadable: the second alone carries the number, dates, sex and every check
    // digit. It is the candidate with a date, sex and date in its middle; the names stay unread.
    line2 = candidates.find((c) => /\d{7}[MFX<]\d{7}/.test(c.line));
    if (!line2) return null;
    line1 = { ...line2, line: 'P<' + '<'.repeat(MRZ_LENGTH - 2) };
  }
  const lines = [fitMrzLine(line1.line), alignMrzLine2(line2.line)];
  try {
    const result = parseMrz(lines, { autocorrect: true });
    const failedChecks = result.details.filter((d) => !d.valid && d.field).map((d) => d.field ?? '');
    return {
      reading: {
        lines,
        // The check digits decide: a misread letter of a name or country is not a forged page.
        valid: !failedChecks.some((name) => name.endsWith('CheckDigit')),
        failedChecks,
      },
      rows: [line1.row, line2.row],
    };
  } catch {
    return null;
  }
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "21 SEP 1969" (spaces optional; 0 and O confused) → 1969-09-21. */
export function printedDate(text: string): string | null {
  const m = /(\d{2})\s*([A-Z]{3})\s*(\d{4})/.exec(text.toUpperCase().replace(/(?<=\d)O|O(?=\d)/g, '0'));
  const month = m ? MONTHS.indexOf(m[2] ?? '') : -1;
  if (!m || month < 0) return null;
  return `${m[3]}-${pad2(String(month + 1))}-${m[1]}`;
}

/**
 * The data page's printed (visual-zone) names and dates: the name as "SURNAME, GIVEN NAMES" (or
 * under "Surname" and "Given names" labels), a date under the label that names it.
 */
function visualZone(
  rows: readonly Row[],
  _today: Date,
): Partial<Record<'surname' | 'givenNames' | 'birthDate' | 'expiryDate', ReadField>> {
  const found: Partial<Record<'surname' | 'givenNames' | 'birthDate' | 'expiryDate', ReadField>> = {};
  const pieces = rows.flatMap((row) => row.pieces.map((piece) => ({ row, piece })));
  const lettersOnly = (text: string) => text.toUpperCase().replace(/[^A-Z]/g, '');
  for (const { row, piece } of pieces) {
    const m = /^\s*([A-Z][A-Z' -]*?)\s*[,，]\s*([A-Z][A-Z' -]*?)\s*$/.exec(piece.text.toUpperCase());
    if (m?.[1] && m[2] && !found.surname) {
      found.surname = { value: lettersOnly(m[1]), page: row.page, box: piece.box };
      found.givenNames = { value: lettersOnly(m[2]), page: row.page, box: piece.box };
    }
  }
  /** The piece right under a label (horizontally overlapping it, within three label heights) that `accept`s. */
  const under = (label: RegExp, accept: (text: string) => string | null): ReadField | null => {
    for (const { row, piece } of pieces) {
      if (!label.test(compactText(piece.text))) continue;
      const [l, t, r, b] = piece.box;
      const reach = 3 * (b - t);
      const below = pieces
        .filter(
          ({ row: other, piece: p }) =>
            other.page === row.page &&
            p !== piece &&
            p.box[1] >= t + (b - t) / 2 &&
            p.box[1] <= b + reach &&
            p.box[0] < r &&
            p.box[2] > l,
        )
        .sort((x, y) => x.piece.box[1] - y.piece.box[1]);
      for (const candidate of below) {
        const value = accept(candidate.piece.text);
        if (value) return { value, page: candidate.row.page, box: candidate.piece.box };
      }
    }
    return null;
  };
  if (!found.surname) {
    const surname = under(/surname/i, (t) => (/^[A-Z' -]+$/i.test(t.trim()) ? lettersOnly(t) : null));
    const given = under(/givenname/i, (t) => (/^[A-Z' -]+$/i.test(t.trim()) ? lettersOnly(t) : null));
    if (surname) found.surname = surname;
    if (given) found.givenNames = given;
  }
  const birth = under(/dateofbirth/i, printedDate);
  const expiry = under(/dateofexpiry/i, printedDate);
  if (birth) found.birthDate = birth;
  if (expiry) found.expiryDate = expiry;
  return found;
}

function passportFields(rows: readonly Row[], today: Date): { fields: ReadFields; mrz: MrzReading | null } {
  const fields: ReadFields = {};
  const mrz = readMrz(rows);
  if (mrz) {
    const [row1, row2] = mrz.rows as [Row, Row];
    const parsed = parseMrz(mrz.reading.lines, { autocorrect: true }).fields;
    const set = (name: keyof ReadFields, row: Row, value: string | null | undefined) => {
      if (value) fields[name] = fieldOf(row, value);
    };
    set('mrz', row2, mrz.reading.lines.join('\n'));
    set('number', row2, parsed.documentNumber);
    set('surname', row1, parsed.lastName);
    set('givenNames', row1, parsed.firstName);
    set('nationality', row2, parsed.nationality);
    set('birthDate', row2, mrzDate(parsed.birthDate ?? '', 'birth', today));
    set('sex', row2, parsed.sex === 'male' ? 'M' : parsed.sex === 'female' ? 'F' : null);
    set('expiryDate', row2, mrzDate(parsed.expirationDate ?? '', 'expiry', today));
  }
  const viz = visualZone(rows, today);
  // The names as printed in the visual zone (a plain font) before the MRZ's (OCR-B, where the
  // recogniser drops or swaps letters of names); the MRZ's dates unless their check digit fails.
  const failed = new Set(mrz?.reading.failedChecks ?? []);
  if (viz.surname) fields.surname = viz.surname;
  if (viz.givenNames) fields.givenNames = viz.givenNames;
  if (viz.birthDate && (!fields.birthDate || failed.has('birthDateCheckDigit')))
    fields.birthDate = viz.birthDate;
  if (viz.expiryDate && (!fields.expiryDate || failed.has('expirationDateCheckDigit')))
    fields.expiryDate = viz.expiryDate;
  const mrzRows = new Set(mrz?.rows ?? []);
  for (const row of rows) {
    if (mrzRows.has(row)) continue;
    const m = /(?:^|[^A-Z0-9])([A-Z]{1,2}\d{7,8})(?![A-Z0-9])/.exec(row.text.toUpperCase());
    if (m?.[1]) {
      fields.printedNumber = fieldOf(row, m[1]);
      break;
    }
  }
  return { fields, mrz: mrz?.reading ?? null };
}

// ---- business licence ------------------------------------------------------------------------------

// USCC letters exclude I, O, S, V, Z: read as those, they were the digits they resemble.
const USCC_LOOKALIKES: Record<string, string> = { O: '0', I: '1', S: '5', Z: '2', V: 'U' };

function usccIn(text: string): string | null {
  const cleaned = [...compactText(text).toUpperCase()].map((c) => USCC_LOOKALIKES[c] ?? c).join('');
  const found = [...cleaned.matchAll(/(?=([0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}))/g)].map(
    (m) => m[1] ?? '',
  );
  return found.find((c) => usccCheckCharacter(c.slice(0, 17)) === c[17]) ?? found[0] ?? null;
}

function licenceFields(rows: readonly Row[]): ReadFields {
  const fields: ReadFields = {};
  const codeRow = rows.find((r) => r.compact.includes('信用代码'));
  for (const row of codeRow ? [codeRow, ...rows] : rows) {
    const code = usccIn(row.compact.replace(/^.*信用代码/, ''));
    if (code) {
      fields.uscc = fieldOf(row, code);
      break;
    }
  }
  const name = afterLabel(rows, '名称') ?? afterSplitLabel(rows, '名称');
  if (name?.rest) fields.companyName = fieldOf(name.row, name.rest);
  const type = afterLabel(rows, '类型');
  if (type?.rest) fields.type = fieldOf(type.row, type.rest.replace(/\(/g, '（').replace(/\)/g, '）'));
  const date = afterLabel(rows, '成立日期');
  const iso = date ? chineseDateIn(date.rest) : null;
  if (date && iso) fields.establishmentDate = fieldOf(date.row, iso);
  const address = afterLabel(rows, '住所');
  if (address?.rest)
    fields.address = fieldOf(address.row, withContinuation(rows, address.row, address.rest, /登记机关|^$/));
  return fields;
}

/** Reads the fields of a document of `kind` from the engine's pages (`today`: for two-digit MRZ years). */
export function extractReading(kind: string, pages: readonly OcrPage[], today: Date): DocumentReading {
  const rows = rowsOfPages(pages);
  const text = rows.map((r) => r.text).join('\n');
  switch (kind) {
    case 'idFront':
      return { kind, fields: idFrontFields(rows), mrz: null, text };
    case 'idBack':
      return { kind, fields: idBackFields(rows), mrz: null, text };
    case 'passportPhotoPage': {
      const { fields, mrz } = passportFields(rows, today);
      return { kind, fields, mrz, text };
    }
    case 'businessLicense':
      return { kind, fields: licenceFields(rows), mrz: null, text };
    default:
      return { kind, fields: {}, mrz: null, text };
  }
}
