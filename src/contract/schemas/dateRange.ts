// The date-range filter (spec §5): real dates, end not before start, at most one year.
import { z } from 'zod';
import { formObject } from './fields';
import { checkDateRange } from '../validators/dateRange';
import { isCalendarDate } from '../validators/calendarDate';
import type { ValidationMessageId } from '../validationMessages';
import { addIssueAt, id } from './messageIds';

const dateField = z
  .string(id('field.required'))
  .min(1, id('field.required'))
  .refine((v) => v === '' || isCalendarDate(v), id('date.format'));

const MESSAGE_BY_CHECK: Record<'endBeforeStart' | 'tooLong', ValidationMessageId> = {
  endBeforeStart: 'dateRange.order',
  tooLong: 'dateRange.tooLong',
};

// No `when` (crossField.ts): the form has no other fields, and checkDateRange answers 'invalidDate',
// which adds nothing, until both dates are real.
export const dateRangeSchema = formObject({ start: dateField, end: dateField }).superRefine((range, ctx) => {
  const check = checkDateRange(range.start, range.end);
  if (check === 'endBeforeStart' || check === 'tooLong')
    addIssueAt(ctx, ['end'], MESSAGE_BY_CHECK[check], range.end);
});

export type DateRange = z.infer<typeof dateRangeSchema>;
