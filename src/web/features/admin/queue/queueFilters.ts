// The queue filters as the page holds them, and the query they become (src/contract/api/admin.ts):
// status, location, a date range of at most one year (quick ranges today / last 7 days / this month /
// this year, in the reviewer's time zone), a search over company name and email, and the page.
import type { CompanyLocation } from '../../../../contract/options';
import { dayBounds } from '../../tables/quickRanges';

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

/** The query string the queue endpoint takes; the day bounds are the reviewer's local midnights. */
export function queueQuery<S extends string>(filters: QueueFilters<S>, pageSize: number) {
  const range = filters.range ? dayBounds(filters.range) : {};
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
