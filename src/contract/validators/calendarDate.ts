// Calendar dates travel as 'YYYY-MM-DD' strings (what Mantine's date inputs give and what a query
// string carries), so no time zone can move a date by a day between browser and server.

// Not anchored: it only picks the numbers out; `epochDay`'s round trip compares the whole value, so
// anything before or after the date is refused there (anchors here would be equivalent mutants).
const ISO_DATE = /(\d{4})-(\d{2})-(\d{2})/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 for a real calendar date, or undefined for anything else (2023-02-29, 2024-13-01). */
export function epochDay(value: string): number | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  // Date.UTC rolls over invalid days and months (Feb 30 → Mar 2, month 13 → January) and reads
  // years 0–99 as 1900–1999: a real date survives the round trip unchanged. (Comparing the year,
  // month and day one by one left a redundant month check, an equivalent mutant.)
  if (isoDateOf(new Date(ms)) !== value) return undefined;
  return ms / MS_PER_DAY;
}

export function isCalendarDate(value: string): boolean {
  return epochDay(value) !== undefined;
}

/** The calendar date of an instant in UTC, as the server's clock and the stored dates use. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** A real date that is not after `today` (establishment dates, birth dates). */
export function isPastOrToday(value: string, today: Date = new Date()): boolean {
  return isCalendarDate(value) && value <= isoDateOf(today);
}
