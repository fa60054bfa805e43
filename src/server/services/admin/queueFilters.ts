// The filters both queues share: the submission-date range (at most one year, DECISIONS.md "Date
// range filter") and the plain-text search, whose LIKE wildcards are escaped so "50%" means 50%.
import { Limits } from '../../../contract/limits';
import { AppError } from '../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubmittedRange {
  from: Date | undefined;
  to: Date | undefined;
}

/** Throws validationFailed when `to` is before `from`, dateRangeTooLong when they span more than a year. */
export function submittedRange(query: {
  from?: string | undefined;
  to?: string | undefined;
}): SubmittedRange {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to) {
    if (to < from) throw new AppError('validationFailed', 400, [{ path: 'to', message: 'dateRange.order' }]);
    // The same measure as the user center's login history: the page sends local day boundaries.
    if (to.getTime() - from.getTime() > Limits.dateRange.maxDays * DAY_MS) {
      throw new AppError('dateRangeTooLong', 400);
    }
  }
  return { from, to };
}

/** An ILIKE pattern that finds `text` anywhere, with `\`, `%` and `_` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search text to apply, or undefined when blank. */
export function searchText(q: string | undefined): string | undefined {
  const trimmed = q?.trim();
  return trimmed ? trimmed : undefined;
}
