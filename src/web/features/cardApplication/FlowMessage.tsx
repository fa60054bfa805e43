// The flow's one message line: a business code's text from codes.ts (both languages), "saved", or
// "upload cancelled".
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { messageFor } from '../../../contract/codes';
import type { Locale } from '../../../contract/envelope';
import type { CardApplicationMessage } from '../../../../machines/cardApplication.machine';

export function FlowMessage({ message }: { message: CardApplicationMessage | null }) {
  const { t, i18n } = useLingui();
  if (message === null) return null;
  if (message === 'saved') {
    return (
      <Alert color="green" role="status">
        {t`Saved. You can continue later from the home page.`}
      </Alert>
    );
  }
  if (message === 'uploadCancelled') {
    return (
      <Alert color="gray" role="status">
        {t`Upload cancelled. Nothing was stored.`}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert">
      {messageFor(message, i18n.locale as Locale)}
    </Alert>
  );
}
