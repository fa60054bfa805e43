import { describe, expect, it } from 'vitest';
import { Limits } from '../../../../src/contract/limits';
import { checkInstantRange } from '../../../../src/contract/validators/dateRange';
import { epochDay, isCalendarDate, isPastOrToday } from '../../../../src/contract/validators/calendarDate';
import { checkDateRange, isDateRangeWithinLimit } from '../../../../src/contract/validators/dateRange';

describe('calendar dates', () => {
  it.each(['2024-02-29', '2000-02-29', '1999-12-31', '2025-01-01'])('%s is a date', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-04-31',
    '2024-00-10',
    '2024-1-1',
    '20240101',
    '2024-01-01T00:00',
    ' 2024-01-01',
    '12024-01-01',
    '2024-01-99',
    '2024-13-31',
    '',
    // Date.UTC reads years 0–99 as 1900–1999: the year check alone refuses these.
    '0099-01-01',
  ])('%s is not a date', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });

  it('counts days from 1970-01-01', () => {
    expect(epochDay('1970-01-01')).toBe(0);
    expect(epochDay('1970-01-31')).toBe(30);
  });

  it('past or today is judged by the given clock, in UTC', () => {
    const now = new Date('2025-06-15T23:30:00Z');
    expect(isPastOrToday('2025-06-15', now)).toBe(true);
    expect(isPastOrToday('2025-06-16', now)).toBe(false);
    expect(isPastOrToday('1990-01-01', now)).toBe(true);
    expect(isPastOrToday('2025-02-30', now)).toBe(false);
  });
});

describe('date range ≤ one calendar year (spec §9; docs/product-rules.md "Date range: one calendar year")', () => {
  it('the limit is the one year of limits.ts', () => {
    expect(Limits.dateRange.maxYears).toBe(1);
  });

  it.each([
    ['a single day', '2025-03-01', '2025-03-01'],
    ['the last 7 days', '2025-06-09', '2025-06-15'],
    ['a whole common year', '2025-01-01', '2025-12-31'],
    ['a whole leap year (366 days)', '2024-01-01', '2024-12-31'],
    ['a year after 1 March, before the anniversary', '2024-03-01', '2025-02-28'],
    ['a year across 29 February (366 days)', '2023-03-01', '2024-02-29'],
    ['a year across 29 February, from mid-year', '2023-06-15', '2024-06-14'],
    ['a year from 29 February (its anniversary is 1 March)', '2024-02-29', '2025-02-28'],
    ['a year from 28 February of a leap year', '2024-02-28', '2025-02-27'],
  ])('accepts %s', (_label, start, end) => {
    expect(checkDateRange(start, end)).toBe('ok');
    expect(isDateRangeWithinLimit(start, end)).toBe(true);
  });

  it.each([
    // 366 days counted inclusively, but a year and a day by the calendar: the old 366-day rule let it pass.
    ['a year and a day (2024-03-01 → 2025-03-01)', '2024-03-01', '2025-03-01', 'tooLong'],
    ['a year and a day in a common year', '2025-01-01', '2026-01-01', 'tooLong'],
    ['a year and a day across 29 February', '2023-03-01', '2024-03-01', 'tooLong'],
    ['a year and a day from 29 February', '2024-02-29', '2025-03-01', 'tooLong'],
    ['367 days', '2024-01-01', '2025-01-01', 'tooLong'],
    ['two years', '2023-01-01', '2024-12-31', 'tooLong'],
    ['end before start', '2025-06-15', '2025-06-14', 'endBeforeStart'],
    ['an impossible start', '2025-02-30', '2025-03-01', 'invalidDate'],
    ['an empty end', '2025-02-01', '', 'invalidDate'],
  ])('refuses %s', (_label, start, end, result) => {
    expect(checkDateRange(start, end)).toBe(result);
    expect(isDateRangeWithinLimit(start, end)).toBe(false);
  });
});

describe('checkInstantRange (the server side of the one-year filter) agrees with the dates', () => {
  /** What the page sends for a range of local days: the start of the first, the end of the last. */
  const bounds = (start: string, end: string, offset: string) => ({
    from: new Date(`${start}T00:00:00.000${offset}`),
    to: new Date(`${end}T23:59:59.999${offset}`),
  });

  const ranges: [string, string][] = [
    ['2024-03-01', '2025-02-28'],
    ['2024-03-01', '2025-03-01'],
    ['2023-03-01', '2024-02-29'],
    ['2023-03-01', '2024-03-01'],
    ['2024-02-29', '2025-02-28'],
    ['2024-02-29', '2025-03-01'],
    ['2025-01-01', '2025-12-31'],
    ['2025-01-01', '2026-01-01'],
    ['2024-01-01', '2024-12-31'],
    ['2025-06-09', '2025-06-15'],
  ];
  for (const offset of ['+08:00', 'Z', '-05:00', '+12:00', '-11:00']) {
    it.each(ranges)(`%s → %s, page at UTC${offset}`, (start, end) => {
      const { from, to } = bounds(start, end, offset);
      expect(checkInstantRange(from, to)).toBe(checkDateRange(start, end));
    });
  }

  it('refuses a range ending before it starts; an end equal to the start is not before it', () => {
    const from = new Date('2025-01-01T00:00:00+08:00');
    expect(checkInstantRange(from, new Date(from.getTime() - 1))).toBe('endBeforeStart');
    expect(checkInstantRange(from, from)).toBe('ok');
  });

  it("allows the whole days up to the first day's anniversary plus one hour (a daylight-saving shift), to the millisecond", () => {
    // `to` is the last millisecond of the range: the range is to + 1 − from long.
    const from = new Date('2025-01-01T00:00:00Z');
    const allowedMs = 365 * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;
    expect(checkInstantRange(from, new Date(from.getTime() + allowedMs - 1))).toBe('ok');
    expect(checkInstantRange(from, new Date(from.getTime() + allowedMs))).toBe('tooLong');
  });
});
