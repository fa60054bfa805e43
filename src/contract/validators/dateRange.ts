// The one-year limit of a date range (spec §5, §9 "Date range limit 1 year"), judged by the
// calendar (docs/product-rules.md "Date range: one calendar year"): the last day must come before the same
// date `maxYears` later, so a range holds at most one calendar year of days, both ends counted
// (2024-03-01 → 2025-02-28 is a year; → 2025-03-01 is a year and a day). A 29 February start
// has its anniversary on 1 March. The browser checks dates, the server instants: both go
// through `daysInYearsFrom`, so they agree on every range, across 29 February too.
import { Limits } from '../limits';
import { epochDay } from './calendarDate';

export type DateRangeCheck = 'ok' | 'invalidDate' | 'endBeforeStart' | 'tooLong';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const MS_PER_HOUR = 60 * 60 * 1000;

/** The days from `startDay` (days since 1970-01-01) to its anniversary `Limits.dateRange.maxYears`
 *  later: 365 or 366 for one year. The anniversary of 29 February in a common year is 1 March. */
export function daysInYearsFrom(startDay: number): number {
  const start = new Date(startDay * MS_PER_DAY);
  const year = start.getUTCFullYear() + Limits.dateRange.maxYears;
  // Date.UTC rolls 29 February of a common year over to 1 March, which is the anniversary we want.
  const anniversary = Date.UTC(year, start.getUTCMonth(), start.getUTCDate());
  return anniversary / MS_PER_DAY - startDay;
}

export function checkDateRange(start: string, end: string): DateRangeCheck {
  const from = epochDay(start);
  const to = epochDay(end);
  if (from === undefined || to === undefined) return 'invalidDate';
  if (to < from) return 'endBeforeStart';
  return to - from < daysInYearsFrom(from) ? 'ok' : 'tooLong';
}

export function isDateRangeWithinLimit(start: string, end: string): boolean {
  return checkDateRange(start, end) === 'ok';
}

/**
 * The same limit on a range of instants, as the server receives it: the page sends the local start
 * of its first day (`from`) and the local end of its last (`to`). The server does not know the
 * page's time zone, so it takes the first day to be the UTC date of `from` + 12 h (right for every
 * offset from −12 h to +12 h) and allows the whole days up to that day's anniversary, plus an hour
 * for a daylight-saving shift (which can never add a day).
 */
export function checkInstantRange(from: Date, to: Date): Exclude<DateRangeCheck, 'invalidDate'> {
  if (to < from) return 'endBeforeStart';
  const firstDay = Math.floor((from.getTime() + 12 * MS_PER_HOUR) / MS_PER_DAY);
  const allowedMs = daysInYearsFrom(firstDay) * MS_PER_DAY + MS_PER_HOUR;
  // `to` is the last millisecond of the last day: the range ends one millisecond later.
  return to.getTime() + 1 - from.getTime() <= allowedMs ? 'ok' : 'tooLong';
}
