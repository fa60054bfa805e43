// The frame of a replayed view: a notice that says what it is, every control disabled (one
// `fieldset disabled` covers inputs and buttons), and a router of its own so a link inside the
// view cannot take the support page away.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Loader, Stack } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { Suspense, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

export function ReadOnlyReplayFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [location] = useState(() => memoryLocation({ path: '/', static: true }));
  return (
    <Stack gap="sm">
      <Alert role="status" color="yellow" variant="light">
        <Trans>Replay — read-only; personal data redacted</Trans>
      </Alert>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <fieldset
          disabled
          aria-label={t`Replayed view`}
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        >
          <Suspense fallback={<Loader aria-label={t`Loading`} />}>{children}</Suspense>
        </fieldset>
      </Router>
    </Stack>
  );
}
