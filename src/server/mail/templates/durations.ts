// Validity periods are stated in the mail from the same constants the server enforces
// (src/contract/limits.ts), so the text cannot drift from the rule.
import type { Locale } from '../../../contract/envelope';
import { Time } from '../../../contract/limits';

export function durationText(ms: number, locale: Locale): string {
  if (ms % Time.HOUR === 0) {
    const hours = ms / Time.HOUR;
    return locale === 'zh-cn' ? `${hours} 小时` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const minutes = Math.round(ms / Time.MINUTE);
  return locale === 'zh-cn' ? `${minutes} 分钟` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
