// The date-range filter's quick ranges (spec §5): today, last 7 days, this month, this year, as
// 'YYYY-MM-DD' in the user's time zone; and the instants a range of days stands for in a query.
import { dayjs } from '../../i18n/dayjsLocale';

export type QuickRange = 'today' | 'last7Days' | 'thisMonth' | 'thisYear';
export const QUICK_RANGES: readonly QuickRange[] = ['today', 'last7Days', 'thisMonth', 'thisYear'];

const DAY = 'YYYY-MM-DD';

export function quickRange(range: QuickRange, now: Date = new Date()): { start: string; end: string } {
  const today = dayjs(now);
  const start = {
    today,
    last7Days: today.subtract(6, 'day'),
    thisMonth: today.startOf('month'),
    thisYear: today.startOf('year'),
  }[range];
  return { start: start.format(DAY), end: today.format(DAY) };
}

/** From the start of the first day to the end of the last, local time, as ISO instants for the API. */
export function dayBounds(range: { start: string; end: string }): { from: string; to: string } {
  return {
    from: dayjs(range.start, DAY).startOf('day').toISOString(),
    to: dayjs(range.end, DAY).endOf('day').toISOString(),
  };
}
