// The queue filters as the page holds them, and the query they become (src/contract/api/admin.ts):
// status, location, a date range of at most one year (quick ranges today / last 7 days / this month /
// this year, in the reviewer's time zone), a search over company name, registration code and email,
// and issue 21 §2's assignee, company type, minimum age, approvals waiting and order; and the page.
import type { QueueSort } from '../../../../contract/api/admin';
import type { CompanyLocation, CompanyType } from '../../../../contract/options';
import { dayBounds } from '../../tables/quickRanges';

export interface QueueFilters<S extends string> {
  status: S | null;
  location: CompanyLocation | null;
  /** 'YYYY-MM-DD' days, both ends included; null for no date filter. */
  range: { start: string; end: string } | null;
  search: string;
  /** Whose claim: mine, nobody's, or one account's (its user id); null for anyone's. */
  assignee: 'me' | 'unassigned' | (string & {}) | null;
  companyType: CompanyType | null;
  /** Waiting at least this many days; null for any age. */
  minAgeDays: number | null;
  /** Only approvals waiting for a second person. */
  approvalWaiting: boolean;
  sort: QueueSort;
  page: number;
}

export function emptyFilters<S extends string>(): QueueFilters<S> {
  return {
    status: null,
    location: null,
    range: null,
    search: '',
    assignee: null,
    companyType: null,
    minAgeDays: null,
    approvalWaiting: false,
    sort: 'oldest',
    page: 1,
  };
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
    ...(filters.assignee ? { assignee: filters.assignee } : {}),
    ...(filters.companyType ? { companyType: filters.companyType } : {}),
    ...(filters.minAgeDays ? { minAgeDays: filters.minAgeDays } : {}),
    ...(filters.approvalWaiting ? { approval: 'proposed' } : {}),
    ...(filters.sort !== 'oldest' ? { sort: filters.sort } : {}),
    page: filters.page,
    pageSize,
  };
}
