// The queue filters as the page holds them, and the query they become (src/contract/api/admin.ts):
// status, location, a date range of at most one year (quick ranges today / last 7 days / this month /
// this year, in the reviewer's time zone), a search over company name and email, and the page.
import dayjs from 'dayjs';
import type { CompanyLocation } from '../../../../contract/options';

export type QuickRange = 'today' | 'last7Days' | 'thisMonth' | 'thisYear';
export const QUICK_RANGES: readonly QuickRange[] = ['today', 'last7Days', 'thisMonth', 'thisYear'];

const DAY = 'YYYY-MM-DD';

export interface QueueFilters<S extends string> {
  status: S | null;
  location: CompanyLocation | null;
  /** 'YYYY-MM-DD' days, both ends included; null for no date filter. */
  range: { start: string; end: string } | null;
  search: string;
  page: number;
}

export function emptyFilters<S extends string>(): QueueFilters<S> {
  return { status: null, location: null, range: null, search: '', page: 1 };
}

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

/** The query string the queue endpoint takes; the day bounds are the reviewer's local midnights. */
export function queueQuery<S extends string>(filters: QueueFilters<S>, pageSize: number) {
  const range = filters.range
    ? {
        from: dayjs(filters.range.start, DAY).startOf('day').toISOString(),
        to: dayjs(filters.range.end, DAY).endOf('day').toISOString(),
      }
    : {};
  const q = filters.search.trim();
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...range,
    ...(q ? { q } : {}),
    page: filters.page,
    pageSize,
  };
}
