import { describe, expect, it } from 'vitest';
import { dateRangeSchema } from '../../../../src/contract/schemas/dateRange';
import { fieldMessages } from '../support/issues';

describe('dateRangeSchema (≤ one year)', () => {
  it('accepts this year and the last 7 days', () => {
    expect(fieldMessages(dateRangeSchema, { start: '2024-01-01', end: '2024-12-31' })).toEqual({});
    expect(fieldMessages(dateRangeSchema, { start: '2025-06-09', end: '2025-06-15' })).toEqual({});
  });

  it('says "date range limited to one year" on the end date', () => {
    expect(fieldMessages(dateRangeSchema, { start: '2024-01-01', end: '2025-01-01' })).toEqual({
      end: 'dateRange.tooLong',
    });
  });

  it('refuses an end before the start', () => {
    expect(fieldMessages(dateRangeSchema, { start: '2025-06-15', end: '2025-06-01' })).toEqual({
      end: 'dateRange.order',
    });
  });

  it('checks each date first', () => {
    expect(fieldMessages(dateRangeSchema, { start: '2025-02-30', end: '' })).toEqual({
      start: 'date.format',
      end: 'field.required',
    });
  });
});
