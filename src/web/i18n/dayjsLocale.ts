// dayjs in the active language, for the modules that use dayjs. Kept out of the start-up language
// code (localeStore.ts) so dayjs and its locales stay out of the first load (issue 10 §1 budget):
// importing this module registers both locales and follows every language change from then on.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Locale } from '../../contract/envelope';
import { getLocale, i18n } from './localeStore';

const dayjsLocale: Record<Locale, string> = { 'zh-cn': 'zh-cn', 'en-us': 'en' };

dayjs.locale(dayjsLocale[getLocale()]);
i18n.on('change', () => dayjs.locale(dayjsLocale[getLocale()]));

export { dayjs };
