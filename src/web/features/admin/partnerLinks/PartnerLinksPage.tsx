// Partner registration links (issue 8 §5, the `businessInfo` check): list, create, disable.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Code, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminLimits } from '../../../../contract/api/admin';
import { messageFor } from '../../../../contract/codes';
import { useLocale } from '../../auth/shared/messages';
import { adminApi } from '../adminApi';
import { formatTime } from '../formatTime';

export function PartnerLinksPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [partnerName, setPartnerName] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const links = useQuery({
    queryKey: ['adminPartnerLinks', page],
    queryFn: () => adminApi.partnerLinks(page, AdminLimits.pageSizeDefault),
  });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (partnerName.trim() === '') {
      setProblem(t`Please enter the partner's name`);
      return;
    }
    const outcome = await adminApi.createPartnerLink({
      partnerName: partnerName.trim(),
      code: code.trim() || null,
    });
    if (outcome.kind === 'ok') {
      setPartnerName('');
      setCode('');
      setProblem(null);
      void links.refetch();
    } else {
      setProblem(
        outcome.code === 'validationFailed'
          ? t`This code is taken or not valid (letters, digits, - and _).`
          : messageFor(outcome.code, locale),
      );
    }
  };
  const disable = async (linkCode: string) => {
    if (await adminApi.disablePartnerLink(linkCode)) void links.refetch();
  };

  const data = links.data || null;
  return (
    <Stack gap="md">
      <form noValidate onSubmit={(event) => void create(event)}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t`Partner name`}
            required
            maxLength={AdminLimits.partnerNameMaxLength}
            value={partnerName}
            onChange={(event) => setPartnerName(event.currentTarget.value)}
          />
          <TextInput
            label={t`Code (optional)`}
            maxLength={AdminLimits.partnerCodeMaxLength}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Button type="submit">
            <Trans>Create link</Trans>
          </Button>
        </Group>
      </form>
      {problem ? (
        <Alert role="alert" color="red" variant="light">
          {problem}
        </Alert>
      ) : null}
      {links.data === false || links.isError ? (
        <Alert role="alert" color="red" variant="light">
          <Trans>The partner links could not be loaded.</Trans>
        </Alert>
      ) : null}
      <Table aria-label={t`Partner links`} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Partner</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Registration address</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Created</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>State</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.items ?? []).map((link) => (
            <Table.Tr key={link.code}>
              <Table.Td>{link.partnerName}</Table.Td>
              <Table.Td>
                <Code>{link.code}</Code>
              </Table.Td>
              <Table.Td>
                <Code>{link.registerUrl}</Code>
              </Table.Td>
              <Table.Td>{formatTime(link.createdAt, locale)}</Table.Td>
              <Table.Td>
                {link.enabled ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void disable(link.code)}
                    aria-label={t`Disable ${link.code}`}
                  >
                    <Trans>Disable</Trans>
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed">
                    <Trans>Disabled</Trans>
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data && data.items.length === 0 ? (
        <Text c="dimmed" ta="center">
          <Trans>No partner links yet.</Trans>
        </Text>
      ) : null}
      {data && data.total > data.pageSize ? (
        <Pagination total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} />
      ) : null}
    </Stack>
  );
}
