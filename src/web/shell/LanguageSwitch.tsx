// The header's language choice: two native radios drawn as a segmented switch. Not Mantine's
// SegmentedControl: its moving indicator measures the page (a forced layout) when every page
// mounts, the longest single piece of the signed-in pages' first task (issue 10, Lighthouse TBT).
// Native radios of one name keep what users expect: Tab to the group, arrow keys to choose.
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../contract/envelope';
import { chooseLocale } from '../i18n/localeStore';
import './LanguageSwitch.css';

// Each language is named in itself, so a reader of the other one can still find it.
const choices: Array<{ value: Locale; label: string }> = [
  { value: 'zh-cn', label: '中文' },
  { value: 'en-us', label: 'English' },
];

export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <div role="radiogroup" aria-label={t`Language`} className="language-switch">
      {choices.map((choice) => (
        <label key={choice.value} className="language-switch__option" lang={choice.value}>
          <input
            type="radio"
            name="portal-language"
            value={choice.value}
            checked={i18n.locale === choice.value}
            onChange={() => chooseLocale(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
