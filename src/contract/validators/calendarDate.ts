// Calendar dates travel as 'YYYY-MM-DD' strings (what Mantine's date inputs give and what a query
// string carries), so no time zone can move a date by a day between browser and server.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 for a real calendar date, or undefined for anything else (2023-02-29, 2024-13-01). */
export function epochDay(value: string): number | undefined {
  const m = ISO_DATE.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls over invalid days (Feb 30 → Mar 2); a real date survives the round trip.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    return undefined;
  }
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
