import { useLingui } from '@lingui/react/macro';
import { SegmentedControl } from '@mantine/core';
import type { Locale } from '../../contract/envelope';
import { chooseLocale } from '../i18n/localeStore';

// Each language is named in itself, so a reader of the other one can still find it.
const choices: Array<{ value: Locale; label: string }> = [
  { value: 'zh-cn', label: '中文' },
  { value: 'en-us', label: 'English' },
];

export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t`Language`}
      value={i18n.locale}
      data={choices}
      onChange={(value) => chooseLocale(value as Locale)}
    />
  );
}
