// An empty search answer (spec §8: "No matching search results; no results, re-query or contact
// business operations"), with the business-operations contact from the public configuration.
import { Trans } from '@lingui/react/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../api/publicConfig';

export function NoResults() {
  const config = useQuery(publicConfigQuery);
  const email = config.data?.supportEmail;
  return (
    <Stack role="status" gap={4} align="center" py="md">
      <Text fw={600}>
        <Trans>No matching search results</Trans>
      </Text>
      <Text c="dimmed" ta="center">
        <Trans>No results. Change the filters and search again, or contact business operations</Trans>
        {email ? (
          <>
            {': '}
            <Anchor href={`mailto:${email}`}>{email}</Anchor>
          </>
        ) : null}
      </Text>
    </Stack>
  );
}
