// Runs the business-status check whenever a new `businessInfo` value appears in the URL and opens
// the "authorisation tip" confirm dialog when the link is not valid.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../api/api';
import { checkBusinessLink } from './businessInfoCheck';
import { LazyModal as Modal } from '../AppModal';

export function BusinessInfoDialog() {
  const { t } = useLingui();
  const search = useSearch();
  const link = new URLSearchParams(search).get('businessInfo');
  const checked = useRef<string | null>(null);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!link || checked.current === link) return;
    checked.current = link;
    checkBusinessLink(api, link)
      .then((verdict) => setOpened(verdict === 'invalid'))
      .catch(() => {
        // Cancelled with the session: nothing to tell about the link.
      });
  }, [link]);

  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title={t`Authorisation tip`} centered>
      <Text>
        <Trans>Link invalid; visit the latest address</Trans>
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => setOpened(false)}>
          <Trans>Confirm</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
