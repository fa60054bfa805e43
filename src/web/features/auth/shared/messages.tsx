// Translation of what the flows' charts and the shared form schemas hold: business code names
// (their text is in codes.ts, both languages), validation message ids (validationMessages.ts), and
// the few messages only the browser says (Lingui).
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import type { ReactNode } from 'react';
import type { FlowMessage } from '../../../../../machines/accountOutcome';
import { messageFor } from '../../../../contract/codes';
import { inHours, Limits } from '../../../../contract/limits';
import type { Locale } from '../../../../contract/envelope';
import { isValidationMessageId, validationMessage } from '../../../../contract/validationMessages';

export function useLocale(): Locale {
  const { i18n } = useLingui();
  return i18n.locale === 'zh-cn' ? 'zh-cn' : 'en-us';
}

export function useFlowMessageText(): (message: FlowMessage | null) => string | null {
  const { t } = useLingui();
  const locale = useLocale();
  return (message) => {
    if (message === null) return null;
    if (message === 'captchaRequired') return t`Please complete the slider verification first`;
    if (message === 'activationResent') {
      const hours = inHours(Limits.activationLink.validMs);
      return t`A new activation mail has been sent. The link is valid for ${hours} hours.`;
    }
    return messageFor(message, locale);
  };
}

/** A form error from a schema is a message id; anything else is shown as it is. */
export function useFieldError(): (error: ReactNode) => ReactNode {
  const locale = useLocale();
  return (error) =>
    typeof error === 'string' && isValidationMessageId(error) ? validationMessage(error, locale) : error;
}

/** The flow's current message, read out by screen readers when it appears. */
export function FlowAlert({
  message,
  tone = 'error',
}: {
  message: FlowMessage | null;
  tone?: 'error' | 'info';
}) {
  const text = useFlowMessageText()(message);
  if (!text) return null;
  return (
    <Alert role="alert" color={tone === 'error' ? 'red' : 'blue'} variant="light">
      {text}
    </Alert>
  );
}
