// The filters both queues share: the submission-date range (at most one year, docs/product-rules.md "Date
// range: one calendar year") and the plain-text search, whose LIKE wildcards are escaped so "50%" means 50%.
import { eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { checkInstantRange } from '../../../contract/validators/dateRange';
import { companies, users } from '../../db/schema/index';
import { AppError } from '../../errors';

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
  const check = from && to ? checkInstantRange(from, to) : 'ok';
  if (check === 'endBeforeStart') {
    throw new AppError('validationFailed', 400, [{ path: 'to', message: 'dateRange.order' }]);
  }
  if (check === 'tooLong') throw new AppError('dateRangeTooLong', 400);
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

/** The location, submission-date and search conditions both queues share (companies and the
 *  applicant `users` row joined). Throws like submittedRange. */
export function sharedQueueConditions(
  filters: {
    location?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    q?: string | undefined;
  },
  submittedAt: AnyPgColumn,
): SQL[] {
  const { from, to } = submittedRange(filters);
  const conditions: SQL[] = [];
  if (filters.location) conditions.push(eq(companies.location, filters.location));
  if (from) conditions.push(gte(submittedAt, from));
  if (to) conditions.push(lte(submittedAt, to));
  const text = searchText(filters.q);
  if (text) {
    const pattern = containsPattern(text);
    // The registration (credit) code too (issue 21 §2).
    conditions.push(
      or(ilike(companies.name, pattern), ilike(users.email, pattern), ilike(companies.creditCode, pattern))!,
    );
  }
  return conditions;
}

/** Every status with its count (0 when none), and the total of what is listed: the one status
 *  asked for, or all of them. */
export function tallyByStatus<S extends string>(
  statuses: readonly S[],
  counts: readonly { status: unknown; n: number | string }[],
  listed: S | undefined,
): { countByStatus: Record<S, number>; total: number } {
  const countByStatus = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const c of counts) {
    if (typeof c.status === 'string' && c.status in countByStatus) countByStatus[c.status as S] = Number(c.n);
  }
  const total = listed
    ? countByStatus[listed]
    : Object.values<number>(countByStatus).reduce((sum, n) => sum + n, 0);
  return { countByStatus, total };
}
