// Field errors hold message ids (src/contract/validationMessages.ts and the certification API's
// own ids); this turns them into the active language's text.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/envelope';
import { isValidationMessageId, validationMessage } from '../../../contract/validationMessages';

export function useLocale(): Locale {
  const { i18n } = useLingui();
  return i18n.locale === 'zh-cn' ? 'zh-cn' : 'en-us';
}

/** Marks a field the reviewer flagged, until the user changes it. */
export const FLAGGED_BY_REVIEWER = 'flaggedByReviewer';

/** The mark of a flagged field, carrying the reviewer's comment on it when there is one. */
export function flaggedMark(comment: string | undefined): string {
  return comment ? `${FLAGGED_BY_REVIEWER}:${comment}` : FLAGGED_BY_REVIEWER;
}

export function useFieldError(): (error: ReactNode) => ReactNode {
  const locale = useLocale();
  const { t } = useLingui();
  return (error) => {
    if (typeof error !== 'string') return error;
    if (error === FLAGGED_BY_REVIEWER) return t`The reviewer asks you to check this field`;
    if (error.startsWith(`${FLAGGED_BY_REVIEWER}:`)) {
      const comment = error.slice(FLAGGED_BY_REVIEWER.length + 1);
      return t`The reviewer asks you to check this field: ${comment}`;
    }
    if (isValidationMessageId(error)) return validationMessage(error, locale);
    return error;
  };
}

/** A country's name in the active language (ISO 3166-1 alpha-2). */
export function useCountryName(): (code: string) => string {
  const locale = useLocale();
  const names = new Intl.DisplayNames([locale === 'zh-cn' ? 'zh-CN' : 'en'], { type: 'region' });
  return (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
