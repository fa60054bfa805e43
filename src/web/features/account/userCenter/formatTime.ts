// Times arrive as ISO instants in UTC (docs/api-conventions.md) and are shown in the user's language and time zone.
import type { Locale } from '../../../../contract/envelope';

export function formatTime(iso: string, locale: Locale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'zh-cn' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
