// Every date field of the portal (issue 20 §7): Mantine's DateInput in the page's language — month
// and day names from the dayjs locale, the locale's first day of the week (DatesProvider, App.tsx)
// and its date format — holding the 'YYYY-MM-DD' string the schemas and the API use. Loaded only
// with the pages that have a date field: @mantine/dates and dayjs stay out of the /login chunk.
import { useLingui } from '@lingui/react/macro';
import '@mantine/core/styles/Popover.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { Locale } from '../../contract/envelope';
import { isCalendarDate } from '../../contract/validators/calendarDate';
import '../i18n/dayjsLocale';

/** How a date reads on the page: 2024年3月1日 / Mar 1, 2024; the calendar's month and year headings. */
export const DATE_FORMAT: Record<Locale, string> = { 'zh-cn': 'YYYY年M月D日', 'en-us': 'MMM D, YYYY' };
const MONTH_LABEL: Record<Locale, string> = { 'zh-cn': 'YYYY年M月', 'en-us': 'MMMM YYYY' };
const YEAR_LABEL: Record<Locale, string> = { 'zh-cn': 'YYYY年', 'en-us': 'YYYY' };

const pad = (n: number) => String(n).padStart(2, '0');

/** A typed date: year, month, day in that order with any separators (2024-03-01, 2024/3/1,
 *  2024年3月1日), or an English date (Mar 1, 2024). 'YYYY-MM-DD', or null when it is no real date. */
export function parseTypedDate(typed: string): string | null {
  const text = typed.trim();
  const ymd = /^(\d{4})\D+(\d{1,2})\D+(\d{1,2})\D*$/.exec(text);
  let iso: string | null = null;
  if (ymd) iso = `${ymd[1]}-${pad(Number(ymd[2]))}-${pad(Number(ymd[3]))}`;
  else if (/[a-z]/i.test(text)) {
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime()))
      iso = `${parsed.getFullYear()}-${pad(parsed.getMonth() + 1)}-${pad(parsed.getDate())}`;
  }
  return iso && isCalendarDate(iso) ? iso : null;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string;
  onChange: (value: string) => void;
};

export function DateField({ value, onChange, ...rest }: DateFieldProps) {
  const { i18n, t } = useLingui();
  const locale: Locale = i18n.locale === 'zh-cn' ? 'zh-cn' : 'en-us';
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMAT[locale]}
      monthLabelFormat={MONTH_LABEL[locale]}
      yearLabelFormat={YEAR_LABEL[locale]}
      dateParser={parseTypedDate}
      clearable
      // Mantine's clear button has no name of its own (axe button-name, critical).
      clearButtonProps={{ 'aria-label': t`Clear the date` }}
    />
  );
}
