// The date-range filter of the user center (spec §5, DECISIONS.md): at most one year, counted in
// whole calendar days including both ends, so "this year" fits in a leap year too.
import { Limits } from '../limits';
import { epochDay } from './calendarDate';

export type DateRangeCheck = 'ok' | 'invalidDate' | 'endBeforeStart' | 'tooLong';

export function checkDateRange(start: string, end: string): DateRangeCheck {
  const from = epochDay(start);
  const to = epochDay(end);
  if (from === undefined || to === undefined) return 'invalidDate';
  if (to < from) return 'endBeforeStart';
  return to - from + 1 <= Limits.dateRange.maxDays ? 'ok' : 'tooLong';
}

export function isDateRangeWithinLimit(start: string, end: string): boolean {
  return checkDateRange(start, end) === 'ok';
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The same limit on a range of instants, as the server receives it (the page sends the local day
 *  boundaries of the chosen dates, so a full year of days spans just under maxDays × 24 h). */
export function checkInstantRange(from: Date, to: Date): Exclude<DateRangeCheck, 'invalidDate'> {
  if (to < from) return 'endBeforeStart';
  return to.getTime() - from.getTime() > Limits.dateRange.maxDays * MS_PER_DAY ? 'tooLong' : 'ok';
}
